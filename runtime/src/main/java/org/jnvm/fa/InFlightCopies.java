package org.jnvm.fa;

import java.util.Arrays;

/**
 * A block's in-flight copies, in the order it took them: for each, the original block's address
 * and number, the copy's block number and address, and the mask of granules the block wrote in it
 * (see {@link org.jnvm.log.LineMask}). Looked up by the original's address on every access inside
 * the block; the original's number releases its claim. Not thread-safe: one per thread.
 */
final class InFlightCopies {
  /** Original block address to slot + 1. */
  private final LongLongMap slots = new LongLongMap();
  private long[] originals = new long[8];
  private long[] originalBlocks = new long[8];
  private long[] blocks = new long[8];
  private long[] addresses = new long[8];
  private long[] written = new long[8];
  private int size;

  /** The slot of the copy of the block at {@code original}, or -1. */
  int find(long original) {
    return (int) slots.get(original) - 1;
  }

  /** Records a new copy with nothing written yet; returns its slot. */
  int add(long original, long originalBlock, long block, long address) {
    if (size == originals.length) {
      int more = size * 2;
      originals = Arrays.copyOf(originals, more);
      originalBlocks = Arrays.copyOf(originalBlocks, more);
      blocks = Arrays.copyOf(blocks, more);
      addresses = Arrays.copyOf(addresses, more);
      written = Arrays.copyOf(written, more);
    }
    originals[size] = original;
    originalBlocks[size] = originalBlock;
    blocks[size] = block;
    addresses[size] = address;
    written[size] = 0;
    slots.put(original, size + 1);
    return size++;
  }

  void markWritten(int slot, long granules) {
    written[slot] |= granules;
  }

  long original(int slot) {
    return originals[slot];
  }

  long originalBlock(int slot) {
    return originalBlocks[slot];
  }

  long block(int slot) {
    return blocks[slot];
  }

  long address(int slot) {
    return addresses[slot];
  }

  /** The granules the block wrote in this copy. */
  long written(int slot) {
    return written[slot];
  }

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  void clear() {
    slots.clear();
    size = 0;
  }
}
