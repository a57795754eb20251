package org.jnvm.heap;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The locks of a heap's objects: a fixed table of stripes, one chosen by an object's offset, so
 * that every proxy of an object gets the same lock. Unrelated objects may share a stripe, which
 * costs only contention, but means that holding two objects' locks at once can deadlock.
 */
final class ObjectLocks {
  /** Many stripes keep both false sharing of a stripe and the deadlocks above rare. */
  static final int STRIPE_BITS = 12;

  /** Made on first use, so that a heap whose objects are never locked holds no locks. */
  private final AtomicReferenceArray<ReentrantLock> stripes = new AtomicReferenceArray<>(1 << STRIPE_BITS);

  ReentrantLock of(long offset) {
    // Fibonacci hashing: offsets are multiples of the block or slot size, so use their high bits.
    int i = (int) ((offset * 0x9E3779B97F4A7C15L) >>> (64 - STRIPE_BITS));
    ReentrantLock lock = stripes.get(i);
    if (lock == null) {
      stripes.compareAndSet(i, null, new ReentrantLock());
      lock = stripes.get(i);
    }
    return lock;
  }
}
