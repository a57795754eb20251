package org.jnvm.bench.ycsb.report;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.jnvm.bench.ycsb.YcsbBinding;

/**
 * One workload's run for one binding and thread count: either one round, as a child reported it,
 * or all the rounds together ({@link #combined}).
 *
 * @param map the pdt map (or its java.util counterpart) for the configurable bindings, else "-"
 * @param round the round, from 1; {@link #ALL_ROUNDS} for the rounds together
 * @param seconds from starting the client threads to the last one's end (summed over the rounds)
 * @param latencies every operation's latency in nanoseconds, all types together
 * @param failed operations that did not return OK (Chronicle Map's refused scans, for one)
 * @param time where the child's time went besides the store (summed over the rounds)
 */
record Run(YcsbBinding binding, String map, int round, int threads, char workload, long ops, double seconds, Histogram latencies, long failed, ChildTime time) {
  static final int ALL_ROUNDS = 0;

  /**
   * The rounds of one run as one: their operations over their seconds, which weighs each round by
   * its time, and their histograms merged.
   */
  static Run combined(List<Run> rounds) {
    Run first = rounds.get(0);
    Histogram latencies = first.latencies.copy();
    long ops = 0;
    double seconds = 0;
    long failed = 0;
    for (Run r : rounds) {
      if (r.binding != first.binding || !r.map.equals(first.map) || r.threads != first.threads || r.workload != first.workload) {
        throw new IllegalArgumentException("rounds of different runs: " + first.key() + " and " + r.key());
      }
      if (r != first) {
        latencies.add(r.latencies);
      }
      ops += r.ops;
      seconds += r.seconds;
      failed += r.failed;
    }
    ChildTime time = ChildTime.sum(rounds.stream().map(Run::time).toList(), rounds.stream().map(Run::seconds).toList());
    return new Run(first.binding, first.map, ALL_ROUNDS, first.threads, first.workload, ops, seconds, latencies, failed, time);
  }

  /** What the rounds of one run share. */
  String key() {
    return binding.id() + " " + map + " " + threads + " " + workload;
  }

  double opsPerSecond() {
    return ops / seconds;
  }

  /** Time per operation of one client thread: each thread runs its operations one after another. */
  double microsPerOp() {
    return threads * seconds * 1e6 / ops;
  }

  /** The share of the run's time the collector paused it. */
  double gcPauseShare() {
    return time.gcPauseSeconds() / seconds;
  }

  /** The share of its client threads' time they were on a CPU: below 1, they waited for a CPU, a lock or the collector. */
  double clientOnCpuShare() {
    return time.clientCpuSeconds() / (threads * seconds);
  }

  double p50Us() {
    return latencies.getValueAtPercentile(50) / 1e3;
  }

  double p99Us() {
    return latencies.getValueAtPercentile(99) / 1e3;
  }
}
