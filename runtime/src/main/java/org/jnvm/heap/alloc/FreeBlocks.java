package org.jnvm.heap.alloc;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The volatile free queue: indices of blocks that may be reused. It is split into stripes, each
 * with its own lock, and a thread starts at its own stripe, so allocating threads rarely meet.
 */
final class FreeBlocks {
  private static final int STRIPES = 8;
  /**
   * Threads take home stripes in turn, so that threads that first allocate one after another, up
   * to {@link #STRIPES} of them, get different ones, which a choice by identity hash does not
   * promise.
   */
  private static final AtomicInteger THREADS = new AtomicInteger();
  private static final ThreadLocal<Integer> HOME = ThreadLocal.withInitial(() -> THREADS.getAndIncrement() & (STRIPES - 1));

  private final LongStack[] stripes = new LongStack[STRIPES];
  /**
   * Blocks in all the stripes. A counter of cells rather than one atomic word: every allocation
   * and free changes it, and two threads writing one word moved its cache line between the cores
   * on each block.
   */
  private final LongAdder count = new LongAdder();

  FreeBlocks() {
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new LongStack(64);
    }
  }

  /**
   * A free block index, or -1 when there is none, for a thread whose home stripe is {@code home}
   * ({@link #home()}): its own stripe first, which is where the blocks it freed are, and the
   * others only if the count says there are blocks elsewhere.
   */
  long poll(int home) {
    LongStack own = stripes[home];
    synchronized (own) {
      if (!own.isEmpty()) {
        count.decrement();
        return own.pop();
      }
    }
    if (count.sum() <= 0) {
      return -1;
    }
    for (int i = 1; i < STRIPES; i++) {
      LongStack s = stripes[(home + i) & (STRIPES - 1)];
      synchronized (s) {
        if (!s.isEmpty()) {
          count.decrement();
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
    count.increment();
  }

  /**
   * Puts back the blocks a thread freed, all in its own stripe, so that they come back out in the
   * order they were freed. An object's blocks are freed master first, so the next object of the
   * same size that the thread allocates gets the same blocks in the same order: a record rewritten
   * copy-on-write stays in one run of adjacent blocks instead of being spread over blocks that
   * other objects left, and a thread that frees as much as it allocates keeps to its own stripe and
   * its lock, instead of taking blocks from stripes that other threads are filling.
   */
  void pushReleased(LongStack blocks) {
    int n = blocks.size();
    LongStack s = stripes[home()];
    synchronized (s) {
      for (int i = n - 1; i >= 0; i--) {
        s.push(blocks.get(i));
      }
    }
    count.add(n);
  }

  /** Adds many blocks at once, spread over the stripes; used by recovery. */
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
    count.add(n);
  }

  long size() {
    return Math.max(0, count.sum());
  }

  void clear() {
    for (LongStack s : stripes) {
      synchronized (s) {
        s.clear();
      }
    }
    count.reset();
  }

  /** The calling thread's home stripe: one lookup, for a caller that takes several blocks. */
  static int home() {
    return HOME.get();
  }
}
