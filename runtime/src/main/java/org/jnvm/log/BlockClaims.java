package org.jnvm.log;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Which blocks of a heap the running failure-atomic blocks hold in-flight copies of: one bit per
 * block, set by a claim and cleared by its release, so that two blocks never copy the same block.
 *
 * <p>A claim or a release is one atomic update of one word, and allocates nothing: a block claims
 * once per copy it takes, so a block that writes scattered objects pays it on every write. The
 * bits live in pages made on first use, so a heap whose blocks are never copied costs an array of
 * null references, one per 65,536 blocks.
 */
final class BlockClaims {
  private static final int PAGE_SHIFT = 16;
  private static final int WORDS_PER_PAGE = (1 << PAGE_SHIFT) / Long.SIZE;
  private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

  private final AtomicReferenceArray<long[]> pages;

  BlockClaims(long blockCount) {
    this.pages = new AtomicReferenceArray<>(Math.toIntExact((blockCount + (1L << PAGE_SHIFT) - 1) >>> PAGE_SHIFT));
  }

  /** Claims block number {@code block}: true if it was not claimed, false if another block holds it. */
  boolean claim(long block) {
    long bit = 1L << block; // the shift takes the low six bits of the block number
    long before = (long) WORDS.getAndBitwiseOr(page(block), word(block), bit);
    return (before & bit) == 0;
  }

  /** Releases a claim {@link #claim} granted. */
  void release(long block) {
    WORDS.getAndBitwiseAnd(page(block), word(block), ~(1L << block));
  }

  /** True while {@code block} is claimed; for tests. */
  boolean isClaimed(long block) {
    long[] page = pages.get(pageIndex(block));
    return page != null && ((long) WORDS.getVolatile(page, word(block)) & 1L << block) != 0;
  }

  private long[] page(long block) {
    int index = pageIndex(block);
    long[] page = pages.get(index);
    if (page == null) {
      pages.compareAndSet(index, null, new long[WORDS_PER_PAGE]);
      page = pages.get(index);
    }
    return page;
  }

  private static int pageIndex(long block) {
    return (int) (block >>> PAGE_SHIFT);
  }

  private static int word(long block) {
    return (int) (block >>> 6) & (WORDS_PER_PAGE - 1);
  }
}
