package org.jnvm.bench.lifecycle;

import org.jnvm.heap.Heap;
import org.jnvm.pdt.PString;

/**
 * The heap space strings of one length take, counted as the blocks the allocator hands out: made
 * with {@link PString#of} (pooled when small) against the same objects allocated as whole blocks,
 * which is what every string took before the pools. Nothing is freed meanwhile, so the bump
 * pointer's advance is the space used.
 *
 * @param chars characters per string (Latin-1, one byte each)
 * @param strings how many were made each way
 * @param pooledBytes bytes per string with the pools
 * @param wholeBlockBytes bytes per string in whole blocks
 */
record StringSpace(int chars, int strings, double pooledBytes, double wholeBlockBytes) {

  static StringSpace measure(Heap heap, int chars, int strings) {
    String text = "x".repeat(chars);
    long blockSize = heap.geometry().blockSize();
    long start = heap.bumpPointer();
    for (int i = 0; i < strings; i++) {
      PString.of(heap, text);
    }
    long pooled = heap.bumpPointer() - start;
    start = heap.bumpPointer();
    for (int i = 0; i < strings; i++) {
      heap.allocate(PString.PCLASS, chars);
    }
    long whole = heap.bumpPointer() - start;
    return new StringSpace(chars, strings, pooled * (double) blockSize / strings, whole * (double) blockSize / strings);
  }

  /** The share of the whole-block space that the pools save. */
  double saved() {
    return 1 - pooledBytes / wholeBlockBytes;
  }
}
