package org.jnvm.bench.ycsb.report;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.HdrHistogram.Histogram;
import org.jnvm.bench.ycsb.ObservedDB;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * One client thread's binding with every call timed (System.nanoTime around it) into an
 * HdrHistogram of all operations together, and calls that did not return OK counted. It stands
 * where YCSB's own {@code DBWrapper} would, whose measurements are one per process and could not be
 * reset between the workloads a child runs. It also counts its thread's CPU time from {@code
 * init()} to {@code cleanup()}, which YCSB's {@code ClientThread} calls on that thread first and last.
 */
final class TimedDB extends ObservedDB {
  /** Latencies up to a minute, at 3 significant digits. */
  private static final long MAX_NANOS = 60_000_000_000L;

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  final Histogram latencies = new Histogram(MAX_NANOS, 3);
  long failures;
  /** This client thread's CPU time from init() to cleanup(); NaN until cleanup(), or where the JVM cannot tell. */
  double cpuSeconds = Double.NaN;
  private long cpuAtInit = -1;

  TimedDB(DB db) {
    super(db);
  }

  @Override
  public void init() throws DBException {
    cpuAtInit = THREADS.getCurrentThreadCpuTime();
    super.init();
  }

  @Override
  public void cleanup() throws DBException {
    super.cleanup();
    long cpuNow = THREADS.getCurrentThreadCpuTime();
    if (cpuAtInit >= 0 && cpuNow >= 0) {
      cpuSeconds = (cpuNow - cpuAtInit) / 1e9;
    }
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
