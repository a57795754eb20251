package org.jnvm.bench.ycsb.jnvm;

import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/** For maps that are not thread-safe: reads share a lock that each change takes alone. */
final class ExclusiveGuard implements Guard {
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();

  @Override
  public <T> T reading(CharSequence key, Supplier<T> read, Supplier<T> reread) {
    return underReadLock(read);
  }

  /** No change runs beside a scan, which holds the read lock throughout. */
  @Override
  public <T> T scanning(Supplier<T> optimistic, Supplier<T> guarded) {
    return underReadLock(optimistic);
  }

  private <T> T underReadLock(Supplier<T> read) {
    lock.readLock().lock();
    try {
      return read.get();
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public <T> T changing(CharSequence key, Supplier<T> change) {
    lock.writeLock().lock();
    try {
      return change.get();
    } finally {
      lock.writeLock().unlock();
    }
  }
}
