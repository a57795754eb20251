package org.jnvm.heap.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.jnvm.errors.Errors;

/**
 * The first page of a heap file: its geometry, which never changes after creation, then the mutable
 * words, each on a cache line of its own so that writing one back never drags another along.
 *
 * <pre>
 *   0 magic "JNVMHEAP"         8 format version (u32)     12 log2(block size) (u32)
 *  16 heap size (u64)          24 root capacity (u32)     28 zero (u32)
 *  32 registry bytes (u64)     40 geometry checksum (u64)
 *  64 bump pointer: first block never handed out (u64)
 * 128 shutdown state: CLEAN or 0 (u64)
 * 192 offset of the redo-log directory object, 0 if none (u64)
 * 256 registry bytes in use (u64)
 * </pre>
 *
 * Every field is little-endian, the byte order of the machines this runs on, so the mapped file is
 * read with plain loads. Only offsets are stored, never addresses, so a heap can be mapped anywhere.
 */
public final class SuperBlock {
  public static final long MAGIC = 0x5041_4548_4d56_4e4aL; // "JNVMHEAP" read little-endian
  /**
   * 2: a redo log's COPY entry names the lines of the in-flight block to copy, and a sealed log's
   * checksum covers only those. Version 1 logs copied whole blocks: read as version 2, a committed
   * one would be misapplied, so a version 1 heap is refused.
   */
  public static final int VERSION = 2;
  public static final int SIZE = 4096;

  public static final int MAGIC_AT = 0;
  public static final int VERSION_AT = 8;
  public static final int BLOCK_SHIFT_AT = 12;
  public static final int HEAP_SIZE_AT = 16;
  public static final int ROOT_CAPACITY_AT = 24;
  public static final int REGISTRY_BYTES_AT = 32;
  public static final int CHECKSUM_AT = 40;
  public static final int GEOMETRY_BYTES = 40;

  public static final int BUMP_AT = 64;
  public static final int SHUTDOWN_AT = 128;
  public static final int LOG_DIRECTORY_AT = 192;
  public static final int REGISTRY_END_AT = 256;

  /** The shutdown word after a clean close; anything else means the heap was in use or crashed. */
  public static final long CLEAN = 0x4e41_454c_43L; // "CLEAN"

  private SuperBlock() {}

  /** Writes a new heap's geometry into {@code page}, a little-endian buffer of {@link #SIZE} bytes. */
  public static void write(ByteBuffer page, Geometry g) {
    page.order(ByteOrder.LITTLE_ENDIAN);
    page.putLong(MAGIC_AT, MAGIC);
    page.putInt(VERSION_AT, VERSION);
    page.putInt(BLOCK_SHIFT_AT, g.blockShift());
    page.putLong(HEAP_SIZE_AT, g.heapSize());
    page.putInt(ROOT_CAPACITY_AT, g.rootCapacity());
    page.putLong(REGISTRY_BYTES_AT, g.registryBytes());
    page.putLong(CHECKSUM_AT, checksum(page));
    page.putLong(BUMP_AT, g.firstDataBlock());
    page.putLong(SHUTDOWN_AT, CLEAN);
  }

  /**
   * Reads and checks the geometry of an existing heap. The file is untrusted: every field is checked
   * before it is used, and the file's length must be the heap size it claims.
   */
  public static Geometry read(ByteBuffer page, long fileSize, String path) {
    page.order(ByteOrder.LITTLE_ENDIAN);
    if (page.getLong(MAGIC_AT) != MAGIC) {
      throw Errors.notAHeap(path);
    }
    int version = page.getInt(VERSION_AT);
    if (version != VERSION) {
      throw Errors.unsupportedVersion(path, version, VERSION);
    }
    if (page.getLong(CHECKSUM_AT) != checksum(page)) {
      throw Errors.corrupt(path, "the superblock checksum does not match its geometry fields");
    }
    long heapSize = page.getLong(HEAP_SIZE_AT);
    if (heapSize != fileSize) {
      throw Errors.sizeMismatch(path, fileSize, heapSize);
    }
    return Geometry.checked(page.getInt(BLOCK_SHIFT_AT), heapSize, page.getInt(ROOT_CAPACITY_AT), page.getLong(REGISTRY_BYTES_AT), path);
  }

  private static long checksum(ByteBuffer page) {
    long h = 0xcbf2_9ce4_8422_2325L;
    for (int i = 0; i < GEOMETRY_BYTES; i++) {
      h ^= page.get(i) & 0xff;
      h *= 0x100_0000_01b3L;
    }
    return h;
  }
}
