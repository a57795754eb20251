package org.jnvm.bench.ycsb.jnvm;

import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * A sequence count per changing thread, so that a reader can tell whether any change ran while it
 * read, in a handful of loads: a change makes its thread's count odd, runs, and makes it even; a
 * reader reads every count before and after, and its reads count only if every count was even and
 * none moved. Each thread writes its own count only, so changes share no cache line.
 */
final class ChangeCounts {
  /** One thread's count, padded so that two threads' counts never share a cache line. */
  @SuppressWarnings("unused") // the padding is read by no one
  private static final class Count {
    private long p0, p1, p2, p3, p4, p5, p6;
    volatile long value;
    private long q0, q1, q2, q3, q4, q5, q6;
  }

  /** Every thread's count that has changed anything; replaced whole when a thread joins. */
  private volatile Count[] counts = new Count[0];

  private final ThreadLocal<Count> mine = ThreadLocal.withInitial(this::join);

  private synchronized Count join() {
    Count count = new Count();
    Count[] now = counts;
    Count[] joined = Arrays.copyOf(now, now.length + 1);
    joined[now.length] = count;
    counts = joined;
    return count;
  }

  /** Runs {@code change} with this thread's count odd. */
  <T> T counting(Supplier<T> change) {
    Count count = mine.get();
    long before = count.value;
    count.value = before + 1;
    // The odd count must reach memory before any write of the change does.
    VarHandle.storeStoreFence();
    try {
      return change.get();
    } finally {
      count.value = before + 2;
    }
  }

  /** What {@link #unchangedSince} compares with: the counts now, or null while a change runs. */
  long[] snapshot() {
    Count[] all = counts;
    long[] values = new long[all.length];
    for (int i = 0; i < all.length; i++) {
      values[i] = all[i].value;
      if ((values[i] & 1) != 0) {
        return null;
      }
    }
    return values;
  }

  /** Whether no change began since {@code snapshot} was taken (none if it is null). */
  boolean unchangedSince(long[] snapshot) {
    VarHandle.acquireFence();
    Count[] all = counts;
    if (snapshot == null || all.length != snapshot.length) {
      return false;
    }
    for (int i = 0; i < all.length; i++) {
      if (all[i].value != snapshot[i]) {
        return false;
      }
    }
    return true;
  }
}
