package org.jnvm.heap.format;

/**
 * A block that holds several small immutable objects of one class (the paper's section 4.4): a
 * bitmap of valid slots, then the slots. A reference to a pooled object is the file offset of its
 * slot, which is never block-aligned, since the bitmap comes first.
 *
 * <p>The bitmap plays the part of the valid bit of a block header, slot by slot: a slot is
 * allocated invalid, validation sets its bit, freeing clears it. The block's own header is a valid
 * master whose class id names the pool (class and slot size) in the class registry.
 */
public record PoolBlock(int blockSize, int slotSize) {

  /** Slots in one block. */
  public int slots() {
    int n = blockSize / slotSize;
    while (bitmapBytes(n) + (long) n * slotSize > blockSize) {
      n--;
    }
    return n;
  }

  /** Offset in the block of the first slot; also the bitmap's size. */
  public int firstSlot() {
    return bitmapBytes(slots());
  }

  /** The slot index of an offset within its block, or -1 if the offset does not start a slot. */
  public int slotAt(long inBlock) {
    long rel = inBlock - firstSlot();
    if (rel < 0 || rel % slotSize != 0 || rel / slotSize >= slots()) {
      return -1;
    }
    return (int) (rel / slotSize);
  }

  public long slotOffset(int slot) {
    return firstSlot() + (long) slot * slotSize;
  }

  /** Offset in the block of the bitmap word holding a slot's bit. */
  public static long bitmapWord(int slot) {
    return (slot >>> 6) * 8L;
  }

  public static long bit(int slot) {
    return 1L << slot;
  }

  private static int bitmapBytes(int slots) {
    return ((slots + 63) >>> 6) * 8;
  }
}
