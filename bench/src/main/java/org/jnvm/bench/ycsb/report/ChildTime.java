package org.jnvm.bench.ycsb.report;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Where a child's run spent its time besides the store, as the child saw it: the collector's
 * pauses, how long its client threads were on a CPU, and the CPUs' steal time. A run slower than
 * its other round either lost time here, which these figures show, or on the CPU itself (a
 * slower memory, the host's faults), which they do not.
 *
 * @param gcPauseSeconds the collector's pauses over the run, as its {@code GarbageCollectorMXBean}s
 *     count them (G1's young, mixed, full, remark and cleanup pauses); they stop every client thread
 * @param clientCpuSeconds the client threads' CPU time, summed over the threads, from each one's
 *     {@code init()} to its {@code cleanup()}
 * @param stealShare the share of every CPU's time the hypervisor gave to others over the run,
 *     from {@code /proc/stat}; NaN where the kernel does not say
 */
record ChildTime(double gcPauseSeconds, double clientCpuSeconds, double stealShare) {
  /** What a child that did not say (a jar from before these figures) reports. */
  static final ChildTime UNKNOWN = new ChildTime(Double.NaN, Double.NaN, Double.NaN);

  private static final Path PROC_STAT = Path.of("/proc/stat");

  /** The words of a result line: pauses and CPU time in seconds, steal as a share. */
  String encode() {
    return String.format(Locale.ROOT, "%.6f %.6f %.6f", gcPauseSeconds, clientCpuSeconds, stealShare);
  }

  static ChildTime decode(String gcPause, String clientCpu, String steal) {
    return new ChildTime(Double.parseDouble(gcPause), Double.parseDouble(clientCpu), Double.parseDouble(steal));
  }

  /**
   * The runs of {@code times} as one, each weighed by its {@code seconds}: the seconds add up, the
   * steal shares are averaged over the time.
   */
  static ChildTime sum(List<ChildTime> times, List<Double> seconds) {
    double gc = 0;
    double cpu = 0;
    double steal = 0;
    double total = 0;
    for (int i = 0; i < times.size(); i++) {
      gc += times.get(i).gcPauseSeconds;
      cpu += times.get(i).clientCpuSeconds;
      steal += times.get(i).stealShare * seconds.get(i);
      total += seconds.get(i);
    }
    return new ChildTime(gc, cpu, steal / total);
  }

  /**
   * The child's counters at one moment: the difference of two is a run's {@link ChildTime}.
   * {@code cpuTicks} is /proc/stat's {@link CpuTicks}, null where the kernel does not give them.
   */
  record Counters(long gcPauseMillis, CpuTicks cpuTicks) {
    static Counters now() {
      long pauses = 0;
      for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
        pauses += Math.max(0, collector.getCollectionTime());
      }
      return new Counters(pauses, CpuTicks.now());
    }

    ChildTime until(Counters later, double clientCpuSeconds) {
      boolean known = cpuTicks != null && later.cpuTicks != null;
      return new ChildTime((later.gcPauseMillis - gcPauseMillis) / 1e3, clientCpuSeconds, known ? cpuTicks.stealShareUntil(later.cpuTicks) : Double.NaN);
    }
  }

  /** All CPUs' time in /proc/stat's ticks: the steal part, and all of it. */
  record CpuTicks(long steal, long total) {
    /** The column of steal time in the all-CPU line, after the word "cpu": user, nice, system, idle, iowait, irq, softirq, steal. */
    private static final int STEAL_COLUMN = 8;

    /** Null where there is no /proc/stat, or its first line is not the all-CPU one. */
    static CpuTicks now() {
      try {
        return parse(Files.readAllLines(PROC_STAT, StandardCharsets.US_ASCII).get(0));
      } catch (IOException | RuntimeException e) {
        return null;
      }
    }

    /** The all-CPU line of /proc/stat; null if {@code line} is not one. Guest time is counted in user time already, so the first eight columns are all of it. */
    static CpuTicks parse(String line) {
      String[] words = line.trim().split("\\s+");
      if (!words[0].equals("cpu") || words.length <= STEAL_COLUMN) {
        return null;
      }
      long total = 0;
      for (int i = 1; i <= STEAL_COLUMN; i++) {
        total += Long.parseLong(words[i]);
      }
      return new CpuTicks(Long.parseLong(words[STEAL_COLUMN]), total);
    }

    /** Steal's share of the CPUs' time from this reading to {@code later}; NaN if no tick went by. */
    double stealShareUntil(CpuTicks later) {
      long ticks = later.total - total;
      return ticks <= 0 ? Double.NaN : (double) (later.steal - steal) / ticks;
    }
  }
}
