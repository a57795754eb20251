package org.jnvm.heap.alloc;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The volatile free queue: indices of blocks that may be reused. It is split into stripes, each
 * with its own lock, and a thread starts at its own stripe, so allocating threads rarely meet.
 */
final class FreeBlocks {
  private static final int STRIPES = 8;

  private final LongStack[] stripes = new LongStack[STRIPES];
  private final AtomicLong count = new AtomicLong();

  FreeBlocks() {
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new LongStack(64);
    }
  }

  /** A free block index, or -1 when there is none. */
  long poll() {
    if (count.get() == 0) {
      return -1;
    }
    int home = home();
    for (int i = 0; i < STRIPES; i++) {
      LongStack s = stripes[(home + i) & (STRIPES - 1)];
      synchronized (s) {
        if (!s.isEmpty()) {
          count.decrementAndGet();
          return s.pop();
        }
      }
    }
    return -1;
  }

  void push(long block) {
    LongStack s = stripes[home()];
    synchronized (s) {
      s.push(block);
    }
    count.incrementAndGet();
  }

  /** Adds many blocks at once, spread over the stripes; used by recovery and by released limbo. */
  void pushAll(LongStack blocks) {
    int n = blocks.size();
    for (int stripe = 0; stripe < STRIPES; stripe++) {
      LongStack s = stripes[stripe];
      synchronized (s) {
        for (int i = stripe; i < n; i += STRIPES) {
          s.push(blocks.get(i));
        }
      }
    }
    count.addAndGet(n);
  }

  long size() {
    return count.get();
  }

  void clear() {
    for (LongStack s : stripes) {
      synchronized (s) {
        s.clear();
      }
    }
    count.set(0);
  }

  private static int home() {
    return System.identityHashCode(Thread.currentThread()) & (STRIPES - 1);
  }
}
