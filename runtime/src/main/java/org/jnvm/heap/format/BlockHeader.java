package org.jnvm.heap.format;

/**
 * The one-word header of a block, as in the paper's Table 2, with the valid bit inverted so that a
 * zero word (a never-used block of a sparse file) reads as free:
 *
 * <pre>
 *  63        48 47     41 40     39                         0
 * +------------+---------+-------+----------------------------+
 * |  class id  | reserved| valid |  next block index (0: end) |
 * +------------+---------+-------+----------------------------+
 * </pre>
 *
 * A class id of 0 marks a slave block or a free block; a master block has a non-zero id. Block
 * indices count whole blocks from the start of the file, and block 0 holds the superblock, so 0
 * can mean "no next block". The reserved bits must be zero; they are kept for object relocation
 * (defragmentation) and layout versions.
 *
 * <p>Headers live in a table of their own, one word per block, instead of in the first word of
 * each block: a block's payload is then a power of two, so a field of a multi-block object is found
 * with a shift and a mask instead of a division; recovery and the no-GC scan read the dense table
 * instead of one cache line per block; and a payload write can never reach a header.
 */
public final class BlockHeader {
  public static final int NEXT_BITS = 40;
  public static final long NEXT_MASK = (1L << NEXT_BITS) - 1;
  public static final long VALID = 1L << 40;
  public static final long RESERVED_MASK = 0x7FL << 41;
  public static final int CLASS_SHIFT = 48;
  public static final int MAX_CLASS_ID = 0xFFFF;
  public static final long MAX_BLOCKS = NEXT_MASK;

  private BlockHeader() {}

  public static long master(int classId, long next) {
    return ((long) classId << CLASS_SHIFT) | next;
  }

  public static long slave(long next) {
    return next;
  }

  public static int classId(long header) {
    return (int) (header >>> CLASS_SHIFT);
  }

  public static long next(long header) {
    return header & NEXT_MASK;
  }

  public static boolean isValid(long header) {
    return (header & VALID) != 0;
  }

  public static boolean isMaster(long header) {
    return classId(header) != 0;
  }

  public static boolean hasReservedBits(long header) {
    return (header & RESERVED_MASK) != 0;
  }
}
