package org.jnvm.log;

import org.jnvm.memory.Memory;
import org.jnvm.persist.Persistence;

/**
 * Which parts of a block a failure-atomic block wrote: a mask of {@value #BITS} bits, one per
 * granule of the block. A granule is a cache line for blocks of up to 1 KiB (the default block is
 * 256 B, four lines) and a sixteenth of the block beyond, so the mask always fits in the top bits
 * of a log entry's word (see {@link RedoLog}).
 *
 * <p>Commit writes back, and applies, only the granules of an in-flight copy that the block wrote;
 * replay copies only those. The other granules of the copy equal the original while the process
 * runs, but were never written back, so after a power failure they may hold anything.
 */
public final class LineMask {
  /** Granules per block at most. */
  public static final int BITS = 16;

  private LineMask() {}

  /** log2 of the granule size for blocks of {@code blockSize} bytes: a line, or a sixteenth of the block. */
  public static int granuleShift(int blockSize) {
    int blockShift = Integer.numberOfTrailingZeros(blockSize);
    int lineShift = Integer.numberOfTrailingZeros(Memory.CACHE_LINE);
    return Math.max(lineShift, blockShift - Integer.numberOfTrailingZeros(BITS));
  }

  /** The granules that {@code width} bytes at {@code inBlock} touch; {@code width} is at least 1. */
  public static long covering(long inBlock, long width, int shift) {
    long first = inBlock >>> shift;
    long last = (inBlock + width - 1) >>> shift;
    return (-1L << first) & (-1L >>> (63 - last));
  }

  /** True when {@code mask} names at least one granule, and only granules of a block of {@code blockSize} bytes. */
  static boolean fits(long mask, int blockSize, int shift) {
    int granules = blockSize >>> shift;
    return mask != 0 && (mask & (-1L << granules)) == 0;
  }

  /** Writes back the granules of {@code mask} of the block at {@code block}. */
  public static void writeBack(Persistence p, long block, long mask, int shift) {
    for (long m = mask; m != 0; m = rest(m)) {
      p.pwb(block + runStart(m, shift), runLength(m, shift));
    }
  }

  /** Copies the granules of {@code mask} from the block at {@code from} to the one at {@code to}, and writes them back. */
  public static void apply(Persistence p, long from, long to, long mask, int shift) {
    for (long m = mask; m != 0; m = rest(m)) {
      long start = runStart(m, shift);
      long length = runLength(m, shift);
      Memory.copy(from + start, to + start, length);
      p.pwb(to + start, length);
    }
  }

  /** Bytes the granules of {@code mask} hold. */
  public static int bytes(long mask, int shift) {
    return Long.bitCount(mask) << shift;
  }

  /**
   * Copies the granules of {@code mask} of the block at {@code from} into {@code to} from index
   * {@code at} on, one after another; returns the index after them.
   */
  public static int stage(long from, long mask, int shift, byte[] to, int at) {
    int next = at;
    for (long m = mask; m != 0; m = rest(m)) {
      int length = (int) runLength(m, shift);
      Memory.copyToArray(from + runStart(m, shift), to, next, length);
      next += length;
    }
    return next;
  }

  /**
   * {@link #apply} from granules that {@link #stage} put into {@code from} from index {@code at}
   * on; returns the index after them.
   */
  public static int applyStaged(Persistence p, byte[] from, int at, long to, long mask, int shift) {
    int next = at;
    for (long m = mask; m != 0; m = rest(m)) {
      long start = runStart(m, shift);
      int length = (int) runLength(m, shift);
      Memory.copyFromArray(from, next, to + start, length);
      p.pwb(to + start, length);
      next += length;
    }
    return next;
  }

  /** Bytes before the first run of set bits of {@code m}. */
  static long runStart(long m, int shift) {
    return (long) Long.numberOfTrailingZeros(m) << shift;
  }

  /** Bytes in the first run of set bits of {@code m}. */
  static long runLength(long m, int shift) {
    int first = Long.numberOfTrailingZeros(m);
    return (long) Long.numberOfTrailingZeros(~(m >>> first)) << shift;
  }

  /** {@code m} without its first run of set bits. */
  static long rest(long m) {
    long lowest = m & -m;
    return m & (m + lowest);
  }
}
