package org.jnvm.heap;

import org.jnvm.heap.format.Geometry;

/**
 * The packing of {@link Handle#shape()}: the class id in the high 32 bits, the capacity in the low
 * 32. A class id is never 0, so neither is a shape; 0 stands for "no shape".
 *
 * <p>An instance checks shapes for one heap, against bounds computed once from its geometry. {@link
 * Heap#resurrect(long, long)} runs on every read of a map value that keeps a shape, and there the
 * check's cost followed its count of instructions: see {@link #accepts}.
 */
final class Shapes {
  private static final long MAX_CAPACITY = 0xFFFF_FFFFL;

  /** The file offset of the first data block. */
  private final long dataStart;
  /** The bytes of the data blocks. */
  private final long dataSpan;
  private final long blockMask;

  Shapes(Geometry geometry) {
    this.dataStart = geometry.blockOffset(geometry.firstDataBlock());
    this.dataSpan = geometry.blockOffset(geometry.blockCount()) - dataStart;
    this.blockMask = geometry.blockMask();
  }

  /**
   * True when an object of {@code capacity} bytes at {@code offset} can have a shape: it lies
   * within one mapped chunk, so that its payload is one run of addresses.
   */
  static boolean fits(long offset, long capacity) {
    return capacity > 0
        && capacity <= MAX_CAPACITY
        && offset > 0
        && (offset >>> Geometry.CHUNK_SHIFT) == ((offset + capacity - 1) >>> Geometry.CHUNK_SHIFT);
  }

  /**
   * True when an object of a class whose pools have slots of {@code slotSize} bytes (0 for a class
   * of whole blocks) could be at {@code offset} with {@code capacity}: it lies in the data blocks
   * and within one chunk, a pool slot is inside a block and exactly a slot long, and an object of
   * whole blocks starts and ends on block boundaries.
   */
  boolean accepts(int slotSize, long offset, long capacity) {
    // Few instructions on purpose: this runs on every read of a kept shape, where each compare
    // showed in a map's get. Offsets below the data blocks wrap to huge unsigned values, and
    // capacity < 2^32 (its packing) keeps from + capacity from wrapping.
    long from = offset - dataStart;
    boolean inData =
        Long.compareUnsigned(from, dataSpan) < 0
            && Long.compareUnsigned(from + capacity, dataSpan) <= 0
            && ((offset ^ (offset + capacity - 1)) >>> Geometry.CHUNK_SHIFT) == 0;
    if (slotSize != 0) {
      return inData && (offset & blockMask) != 0 && capacity == slotSize;
    }
    return inData && ((offset | capacity) & blockMask) == 0 && capacity != 0;
  }

  static long pack(int classId, long capacity) {
    return ((long) classId << 32) | capacity;
  }

  static int classId(long shape) {
    return (int) (shape >>> 32);
  }

  static long capacity(long shape) {
    return shape & MAX_CAPACITY;
  }
}
