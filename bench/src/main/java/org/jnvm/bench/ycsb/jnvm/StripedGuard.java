package org.jnvm.bench.ycsb.jnvm;

import java.util.concurrent.locks.StampedLock;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * For thread-safe maps: changes take one of a fixed set of locks chosen by the key's hash, so
 * changes to one key are serialised and changes to most pairs of keys are not.
 *
 * <p>If {@code lockReads}, a read of a key must not overlap a change of it, and it runs
 * optimistically, as a sequence lock's reader does: it reads, then checks that no change of a key
 * of its stripe began meanwhile, and reads again under the lock if one did. A read of a hot key
 * then writes nothing shared; taking the lock for every read made the two client threads pass the
 * lock's cache line back and forth on the keys both read most (YCSB-C at 2 threads ran 15% faster
 * without it). A read that overlapped a change may have seen a record being rewritten or freed,
 * and so may also have failed: that failure is dropped with the read. A scan checks for changes of
 * any key at once, where checking each record's stripe would read each key ({@link #scanning}).
 * Without {@code lockReads}, reads take no lock at all.
 */
final class StripedGuard implements Guard {
  /** A power of two, well above the client threads, so that two keys rarely share a lock. */
  private static final int STRIPES = 256;

  /** What {@link #unlessOverlapped} gives for a read that a change overlapped. */
  private static final Object OVERLAPPED = new Object();

  private final StampedLock[] locks = new StampedLock[STRIPES];

  private final ChangeCounts changes = new ChangeCounts();

  private final boolean lockReads;

  StripedGuard(boolean lockReads) {
    this.lockReads = lockReads;
    for (int i = 0; i < STRIPES; i++) {
      locks[i] = new StampedLock();
    }
  }

  @Override
  public <T> T reading(CharSequence key, Supplier<T> read, Supplier<T> reread) {
    if (!lockReads) {
      return read.get();
    }
    StampedLock lock = lockOf(key);
    long stamp = lock.tryOptimisticRead();
    if (stamp != 0) {
      Object result = unlessOverlapped(read, () -> lock.validate(stamp));
      if (result != OVERLAPPED) {
        return cast(result);
      }
    }
    long held = lock.readLock();
    try {
      return reread.get();
    } finally {
      lock.unlockRead(held);
    }
  }

  /**
   * If {@code lockReads}, runs {@code optimistic} as one read of every key at once: it keeps the
   * result if no change ran meanwhile ({@link ChangeCounts}), and runs {@code guarded} otherwise.
   * Guarding each record of a scan by its key reads the key, one more cache miss a record in a map
   * of millions: in jnvm-pdt's skip list of 3M records, scans of 1 to 100 records took 62.9 and
   * 62.4 µs with one check, 73.8 and 80.4 with a check a record, and scans of one record the same
   * (runs alternated, 2026-12-04). A change of any key during the scan makes it run again, guarded.
   */
  @Override
  public <T> T scanning(Supplier<T> optimistic, Supplier<T> guarded) {
    if (!lockReads) {
      return optimistic.get();
    }
    long[] before = changes.snapshot();
    if (before != null) {
      Object result = unlessOverlapped(optimistic, () -> changes.unchangedSince(before));
      if (result != OVERLAPPED) {
        return cast(result);
      }
    }
    return guarded.get();
  }

  /**
   * {@code read}'s result if {@code unchanged} holds after it, else {@link #OVERLAPPED}. A read
   * that a change overlapped may have seen a record being rewritten or freed, and so may also
   * have failed: that failure is dropped with the read, and thrown if no change overlapped it.
   */
  private static Object unlessOverlapped(Supplier<?> read, BooleanSupplier unchanged) {
    try {
      Object result = read.get();
      return unchanged.getAsBoolean() ? result : OVERLAPPED;
    } catch (RuntimeException e) {
      if (unchanged.getAsBoolean()) {
        throw e;
      }
      return OVERLAPPED;
    }
  }

  @SuppressWarnings("unchecked") // a result of unlessOverlapped, other than OVERLAPPED, is its read's
  private static <T> T cast(Object result) {
    return (T) result;
  }

  @Override
  public <T> T changing(CharSequence key, Supplier<T> change) {
    StampedLock lock = lockOf(key);
    long held = lock.writeLock();
    try {
      // Only reads that a change can spoil need to know that one ran.
      return lockReads ? changes.counting(change) : change.get();
    } finally {
      lock.unlockWrite(held);
    }
  }

  private StampedLock lockOf(CharSequence key) {
    int hash = key.hashCode();
    return locks[(hash ^ (hash >>> 16)) & (STRIPES - 1)];
  }
}
