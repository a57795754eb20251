package org.jnvm.heap;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;
import org.jnvm.errors.Errors;
import org.jnvm.heap.format.Geometry;
import org.jnvm.memory.Memory;
import org.jnvm.persist.MappedFile;

/**
 * A heap file mapped in chunks of 1 GiB, because one {@link MappedByteBuffer} maps at most 2 GiB.
 * Chunk boundaries fall on block boundaries, so a block, a header word or an aligned field never
 * spans two chunks, and an object's proxy keeps plain addresses that need no translation.
 *
 * <p>The buffers stay referenced for as long as this object is, and every proxy reaches it through
 * its heap, so memory a proxy can still name is never unmapped under it.
 */
final class Mapping implements MappedFile {
  private static final long CHUNK = 1L << Geometry.CHUNK_SHIFT;

  private final Path path;
  private final long size;
  private final MappedByteBuffer[] chunks;
  private final long[] addresses;
  /**
   * The chunks' indexes in the order of their addresses, and those addresses, for {@link
   * #chunkIndexOf}: a binary search rather than a walk, since a heap of hundreds of GiB has hundreds
   * of chunks, and failure-atomic blocks ask for the chunk of every block they copy.
   */
  private final int[] byAddress;
  private final long[] sortedAddresses;

  Mapping(Path path, FileChannel channel, long size) {
    this.path = path;
    this.size = size;
    int count = (int) ((size + CHUNK - 1) / CHUNK);
    chunks = new MappedByteBuffer[count];
    addresses = new long[count];
    try {
      for (int i = 0; i < count; i++) {
        long start = i * CHUNK;
        chunks[i] = channel.map(FileChannel.MapMode.READ_WRITE, start, Math.min(CHUNK, size - start));
        addresses[i] = Memory.addressOf(chunks[i]);
      }
    } catch (IOException e) {
      throw Errors.cannotMap(path.toString(), e);
    }
    byAddress = IntStream.range(0, count).boxed().sorted(Comparator.comparingLong(i -> addresses[i])).mapToInt(i -> i).toArray();
    sortedAddresses = Arrays.stream(byAddress).mapToLong(i -> addresses[i]).toArray();
  }

  /** The address of a file offset; the caller has checked that {@code offset} is inside the file. */
  long address(long offset) {
    return addresses[(int) (offset >>> Geometry.CHUNK_SHIFT)] + (offset & (CHUNK - 1));
  }

  long size() {
    return size;
  }

  @Override
  public Path path() {
    return path;
  }

  @Override
  public int chunkCount() {
    return chunks.length;
  }

  @Override
  public MappedByteBuffer chunk(int index) {
    return chunks[index];
  }

  @Override
  public long chunkAddress(int index) {
    return addresses[index];
  }

  @Override
  public long chunkLength(int index) {
    return chunks[index].capacity();
  }

  @Override
  public int chunkIndexOf(long address) {
    int found = Arrays.binarySearch(sortedAddresses, address);
    int below = found >= 0 ? found : -found - 2; // the last chunk starting at or before address
    if (below < 0) {
      return -1;
    }
    int chunk = byAddress[below];
    return address - addresses[chunk] < chunkLength(chunk) ? chunk : -1;
  }
}
