package org.jnvm.bench.ycsb.jnvm;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * For thread-safe maps: changes take one of a fixed set of locks chosen by the key's hash, so
 * changes to one key are serialised and changes to most pairs of keys are not. Reads of a key take
 * its lock too if {@code lockReads}, and no lock otherwise; scans take none of their own.
 */
final class StripedGuard implements Guard {
  /** A power of two, well above the client threads, so that two keys rarely share a lock. */
  private static final int STRIPES = 256;

  private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

  private final boolean lockReads;

  StripedGuard(boolean lockReads) {
    this.lockReads = lockReads;
    for (int i = 0; i < STRIPES; i++) {
      locks[i] = new ReentrantLock();
    }
  }

  @Override
  public <T> T reading(CharSequence key, Supplier<T> read) {
    return lockReads ? changing(key, read) : read.get();
  }

  @Override
  public <T> T scanning(Supplier<T> scan) {
    return scan.get();
  }

  @Override
  public <T> T changing(CharSequence key, Supplier<T> change) {
    int hash = key.hashCode();
    ReentrantLock lock = locks[(hash ^ (hash >>> 16)) & (STRIPES - 1)];
    lock.lock();
    try {
      return change.get();
    } finally {
      lock.unlock();
    }
  }
}
