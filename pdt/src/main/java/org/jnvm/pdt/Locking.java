package org.jnvm.pdt;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The locks of a map that threads share, or none. Changes to one key are serialised by a stripe of
 * locks chosen by the key's hash; writes to the slot array are shared among threads but exclusive
 * with growing it, which copies the array and must not miss a concurrent write. Reads take no lock:
 * they only consult the concurrent mirror.
 */
final class Locking {
  static final Locking NONE = new Locking(false);
  private static final int STRIPES = 64;

  private final ReentrantLock[] stripes;
  private final ReentrantReadWriteLock array;

  private Locking(boolean concurrent) {
    if (concurrent) {
      stripes = new ReentrantLock[STRIPES];
      for (int i = 0; i < STRIPES; i++) {
        stripes[i] = new ReentrantLock();
      }
      array = new ReentrantReadWriteLock();
    } else {
      stripes = null;
      array = null;
    }
  }

  static Locking concurrent() {
    return new Locking(true);
  }

  Lock key(Object key) {
    if (stripes == null) {
      return NoLock.INSTANCE;
    }
    int h = key.hashCode();
    return stripes[(h ^ (h >>> 16)) & (STRIPES - 1)];
  }

  /** Held while writing a slot. */
  Lock slotWrite() {
    return array == null ? NoLock.INSTANCE : array.readLock();
  }

  /** Held while growing the slot array. */
  Lock grow() {
    return array == null ? NoLock.INSTANCE : array.writeLock();
  }

  /**
   * Takes every lock, the stripes in order and then the slot array's: no change of the map runs
   * until {@link #unlockAll()}. Nobody waits for a stripe while holding the slot array's lock, so
   * this cannot deadlock with a change.
   */
  void lockAll() {
    if (stripes == null) {
      return;
    }
    for (ReentrantLock stripe : stripes) {
      stripe.lock();
    }
    array.writeLock().lock();
  }

  void unlockAll() {
    if (stripes == null) {
      return;
    }
    array.writeLock().unlock();
    for (int i = stripes.length - 1; i >= 0; i--) {
      stripes[i].unlock();
    }
  }

  /** The lock of a map used by one thread at a time. */
  private enum NoLock implements Lock {
    INSTANCE;

    @Override
    public void lock() {}

    @Override
    public void lockInterruptibly() {}

    @Override
    public boolean tryLock() {
      return true;
    }

    @Override
    public boolean tryLock(long time, TimeUnit unit) {
      return true;
    }

    @Override
    public void unlock() {}

    @Override
    public Condition newCondition() {
      throw new UnsupportedOperationException("a map used by one thread has no conditions");
    }
  }
}
