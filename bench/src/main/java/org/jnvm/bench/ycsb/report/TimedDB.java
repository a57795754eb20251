package org.jnvm.bench.ycsb.report;

import org.HdrHistogram.Histogram;
import org.jnvm.bench.ycsb.ObservedDB;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * One client thread's binding with every call timed (System.nanoTime around it) into an
 * HdrHistogram of all operations together, and calls that did not return OK counted. It stands
 * where YCSB's own {@code DBWrapper} would, whose measurements are one per process and could not be
 * reset between the workloads a child runs.
 */
final class TimedDB extends ObservedDB {
  /** Latencies up to a minute, at 3 significant digits. */
  private static final long MAX_NANOS = 60_000_000_000L;

  final Histogram latencies = new Histogram(MAX_NANOS, 3);
  long failures;

  TimedDB(DB db) {
    super(db);
  }

  @Override
  protected Status observed(String operation, String key, long startNanos, Status status) {
    latencies.recordValue(Math.min(MAX_NANOS, System.nanoTime() - startNanos));
    if (!status.isOk()) {
      failures++;
    }
    return status;
  }
}
