package org.jnvm.heap.format;

import org.jnvm.errors.Errors;

/**
 * Where everything is in a heap file, derived from four parameters fixed at creation:
 *
 * <pre>
 * | superblock (4 KiB) | root table | class registry | block header table | data blocks ... |
 * </pre>
 *
 * Blocks are numbered from the start of the file, so the metadata occupies blocks {@code 0 ..
 * firstDataBlock - 1} and the header table has one word for every block, including those.
 */
public record Geometry(int blockShift, long heapSize, int rootCapacity, long registryBytes) {
  public static final int MIN_BLOCK_SHIFT = 6;
  public static final int MAX_BLOCK_SHIFT = 20;
  public static final int ROOT_ENTRY_BYTES = 64;
  public static final int MAX_ROOT_CAPACITY = 1 << 16;
  public static final long MAX_REGISTRY_BYTES = 1L << 24;
  /** The mapping is made of chunks of this size; metadata before the header table stays in the first. */
  public static final int CHUNK_SHIFT = 30;

  private static final long PAGE = 4096;

  public static Geometry checked(int blockShift, long heapSize, int rootCapacity, long registryBytes, String path) {
    if (blockShift < MIN_BLOCK_SHIFT || blockShift > MAX_BLOCK_SHIFT) {
      throw Errors.corrupt(path, "block size 2^" + blockShift + " is outside 2^" + MIN_BLOCK_SHIFT + "..2^" + MAX_BLOCK_SHIFT);
    }
    if (rootCapacity < 1 || rootCapacity > MAX_ROOT_CAPACITY) {
      throw Errors.corrupt(path, "root capacity " + rootCapacity + " is outside 1.." + MAX_ROOT_CAPACITY);
    }
    if (registryBytes < PAGE || registryBytes > MAX_REGISTRY_BYTES || registryBytes % PAGE != 0) {
      throw Errors.corrupt(path, "class registry size " + registryBytes + " is not a multiple of 4096 up to " + MAX_REGISTRY_BYTES);
    }
    if (heapSize <= 0 || (heapSize & ((1L << blockShift) - 1)) != 0 || (heapSize >>> blockShift) > BlockHeader.MAX_BLOCKS) {
      throw Errors.corrupt(path, "heap size " + heapSize + " is not a positive multiple of the block size " + (1L << blockShift));
    }
    Geometry g = new Geometry(blockShift, heapSize, rootCapacity, registryBytes);
    if (g.firstDataBlock() >= g.blockCount()) {
      throw Errors.corrupt(path, "heap size " + heapSize + " leaves no room for data blocks after the metadata");
    }
    return g;
  }

  /** The geometry of a new heap; rejects parameters a user chose badly with a message that says why. */
  public static Geometry forNewHeap(long heapSize, int blockSize, int rootCapacity, long registryBytes) {
    if (Integer.bitCount(blockSize) != 1 || blockSize < (1 << MIN_BLOCK_SHIFT) || blockSize > (1 << MAX_BLOCK_SHIFT)) {
      throw Errors.badBlockSize(blockSize);
    }
    int shift = Integer.numberOfTrailingZeros(blockSize);
    long rounded = heapSize & -(long) blockSize;
    Geometry g = new Geometry(shift, rounded, rootCapacity, (registryBytes + PAGE - 1) & -PAGE);
    if (rounded <= 0 || g.firstDataBlock() + 1 >= g.blockCount()) {
      throw Errors.heapTooSmall(heapSize, g.firstDataBlock() * blockSize);
    }
    return checked(shift, rounded, g.rootCapacity, g.registryBytes, "(new heap)");
  }

  public int blockSize() {
    return 1 << blockShift;
  }

  public long blockMask() {
    return blockSize() - 1L;
  }

  public long blockCount() {
    return heapSize >>> blockShift;
  }

  public long rootTableOffset() {
    return SuperBlock.SIZE;
  }

  public long rootTableBytes() {
    return ((long) rootCapacity * ROOT_ENTRY_BYTES + PAGE - 1) & -PAGE;
  }

  public long registryOffset() {
    return rootTableOffset() + rootTableBytes();
  }

  public long headerTableOffset() {
    return registryOffset() + registryBytes;
  }

  public long headerOffset(long block) {
    return headerTableOffset() + (block << 3);
  }

  public long firstDataBlock() {
    long end = headerTableOffset() + (blockCount() << 3);
    return (end + blockSize() - 1) >>> blockShift;
  }

  public long blockOffset(long block) {
    return block << blockShift;
  }

  /** True when {@code block} may hold data: not metadata, not past the end. */
  public boolean isDataBlock(long block) {
    return block >= firstDataBlock() && block < blockCount();
  }
}
