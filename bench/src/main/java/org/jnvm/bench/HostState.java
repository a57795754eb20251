package org.jnvm.bench;

import java.time.Duration;

/**
 * What a report says of the shared host before and after its run: the load average, which counts
 * other work on the CPUs, and the memory stalls {@link HostStalls} finds, which nothing else in
 * the guest shows.
 */
public record HostState(String loadAverage, double memoryStalls) {
  /** The probe a report runs before and after: {@link #PROBE_SPAN} over {@link #PROBE_BYTES}. */
  public static final int PROBE_BYTES = 256 << 20;
  public static final Duration PROBE_SPAN = Duration.ofSeconds(1);

  /** The host now; takes {@link #PROBE_SPAN}. */
  public static HostState now() {
    return new HostState(Environment.loadAverage(), probe().stalledShare(PROBE_SPAN));
  }

  /**
   * This JVM's one probe of {@link #PROBE_BYTES}, made on first use: every check reads the same
   * memory, rather than each taking and touching 256 MiB more that only a collection would free.
   */
  public static HostStalls probe() {
    return Probe.INSTANCE;
  }

  private static final class Probe {
    static final HostStalls INSTANCE = new HostStalls(PROBE_BYTES);
  }

  /** The line's words for a run between {@code before} and {@code after}. */
  public static String during(HostState before, HostState after) {
    return "load average (1, 5, 15 min) " + before.loadAverage + " before the run, " + after.loadAverage + " after it; memory stalls (`HostStalls`, "
        + (PROBE_BYTES >> 20) + " MiB for " + PROBE_SPAN.toMillis() + " ms) " + HostStalls.percent(before.memoryStalls) + " before, "
        + HostStalls.percent(after.memoryStalls) + " after";
  }
}
