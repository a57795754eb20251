package org.jnvm.heap;

import org.jnvm.heap.format.Geometry;

/**
 * The packing of {@link Handle#shape()}: the class id in the high 32 bits, the capacity in the low
 * 32. A class id is never 0, so neither is a shape; 0 stands for "no shape".
 */
final class Shapes {
  private static final long MAX_CAPACITY = 0xFFFF_FFFFL;

  private Shapes() {}

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
