package org.jnvm.bench.ycsb.report;

import java.time.Duration;
import org.jnvm.bench.HostGate;
import org.jnvm.bench.Markers;

/**
 * The size of a YCSB report's runs.
 *
 * @param mode quick or full
 * @param records records loaded before the workloads run
 * @param operations operations of a workload in one round, unless {@code maxSeconds} comes first
 * @param maxSeconds the longest a workload runs in one round
 * @param childHeapMiB each child JVM's -Xmx
 * @param rounds how many times every binding runs every workload, each round in a child JVM of its
 *     own on a store loaded afresh
 * @param longestHostWait the longest a child waits for a calm host before it starts ({@link HostGate})
 * @param hostWaitBudget the longest all children of a run wait for it together
 */
record Settings(String mode, long records, long operations, double maxSeconds, int childHeapMiB, int rounds, Duration longestHostWait,
    Duration hostWaitBudget) {
  /**
   * Two rounds, the second in the reverse order of the first. The bindings run one after another
   * for up to an hour on a shared host whose speed drifts (one full run found the blackhole 5–18%
   * and volatile 3–34% slower than the run before, while Chronicle Map, measured 40 minutes later,
   * was level). In reverse order, a binding measured early in the first round is measured late in
   * the second, so a drift that is steady over the run weighs on every binding alike.
   */
  static final int ROUNDS = 2;

  static Settings of(String mode) {
    return switch (mode) {
      // Under 10 minutes on 2 loaded cores, both rounds. A run is long enough for a store's steady
      // state: with 200,000 operations (a warm-up of 40,000), jnvm-pdt took 3.6 µs per operation on
      // A where a run of 1,000,000 took 2.4, its update path not yet compiled, while volatile took
      // 1.66 and 1.63 µs. Runs took 8 min 16 s without waiting for the host; the reading after each
      // of the 20 children and the waits add at most 50 s.
      case "quick" -> new Settings(mode, 100_000, 1_000_000, 3, 3072, ROUNDS, Duration.ofSeconds(10), Duration.ofSeconds(30));
      // 3M records: a child JVM of 14 GB, all of it touched when it starts (see YcsbReport.childJvm),
      // beside its store's files on /dev/shm, within 24 GiB. Each round runs half the operations of
      // the one round this mode used to run, so that both take about as long as that did. A child
      // takes 1 to 5 minutes here, so waiting up to a minute for a calm host costs little beside it.
      case "full" -> new Settings(mode, 3_000_000, 1_500_000, 30, 14336, ROUNDS, Duration.ofSeconds(60), Duration.ofMinutes(5));
      default -> throw new IllegalArgumentException("mode " + mode + ": quick or full");
    };
  }

  /** This mode's section of RESULTS.md and the prefix of its files (see {@link Markers#name}). */
  String tag() {
    return Markers.name("ycsb", mode);
  }

  String describe() {
    return String.format(java.util.Locale.ROOT, "%,d records of 10 fields of 100 B; in each of %d rounds, each workload runs %,d operations or %.0f s, "
        + "whichever ends first, after an unmeasured warm-up of a fifth of that", records, rounds, operations, maxSeconds);
  }
}
