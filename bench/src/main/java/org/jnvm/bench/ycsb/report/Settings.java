package org.jnvm.bench.ycsb.report;

import org.jnvm.bench.Markers;

/**
 * The size of a YCSB report's runs.
 *
 * @param mode quick or full
 * @param records records loaded before the workloads run
 * @param operations operations of a workload, unless {@code maxSeconds} comes first
 * @param maxSeconds the longest a workload runs
 * @param childHeapMiB each child JVM's -Xmx
 */
record Settings(String mode, long records, long operations, double maxSeconds, int childHeapMiB) {
  static Settings of(String mode) {
    return switch (mode) {
      // Under 10 minutes on 2 loaded cores. A run is long enough for a store's steady state: with
      // 200,000 operations (a warm-up of 40,000), jnvm-pdt took 3.6 µs per operation on A where a
      // run of 1,000,000 took 2.4, its update path not yet compiled, while volatile took 1.66 and
      // 1.63 µs.
      case "quick" -> new Settings(mode, 100_000, 1_000_000, 4, 3072);
      // 3M records: a child JVM of 14 GB, all of it touched when it starts (see YcsbReport.childJvm),
      // beside its store's files on /dev/shm, within 24 GiB.
      case "full" -> new Settings(mode, 3_000_000, 3_000_000, 60, 14336);
      default -> throw new IllegalArgumentException("mode " + mode + ": quick or full");
    };
  }

  /** This mode's section of RESULTS.md and the prefix of its files (see {@link Markers#name}). */
  String tag() {
    return Markers.name("ycsb", mode);
  }

  String describe() {
    return String.format(java.util.Locale.ROOT, "%,d records of 10 fields of 100 B; each workload runs %,d operations or %.0f s, whichever ends first, after an unmeasured warm-up of a fifth of that",
        records, operations, maxSeconds);
  }
}
