package org.jnvm.bench.ycsb.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jnvm.bench.ycsb.YcsbBinding;

/**
 * All the runs of a report, each round as measured, and what is derived from the rounds taken
 * together: the store-only time and the ratios.
 */
final class Results {
  private final List<Run> measured;
  private final Map<String, List<Run>> roundsByKey = new LinkedHashMap<>();
  private final List<Run> combined = new ArrayList<>();

  Results(List<Run> measured) {
    this.measured = List.copyOf(measured);
    for (Run r : this.measured) {
      roundsByKey.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r);
    }
    roundsByKey.values().forEach(rounds -> combined.add(Run.combined(rounds)));
  }

  /** Every round of every run, in the order measured. */
  List<Run> measured() {
    return measured;
  }

  /** Every run, its rounds taken together. */
  List<Run> combined() {
    return List.copyOf(combined);
  }

  /** The rounds of {@code run}, in the order measured. */
  List<Run> rounds(Run run) {
    return List.copyOf(roundsByKey.getOrDefault(run.key(), List.of()));
  }

  /** A binding's run on one workload and thread count, its rounds taken together. */
  Optional<Run> find(YcsbBinding binding, int threads, char workload) {
    return combined.stream().filter(r -> r.binding() == binding && r.threads() == threads && r.workload() == workload).findFirst();
  }

  /**
   * The store's own time per operation (the paper's Figure 12): the binding's time per operation
   * minus the blackhole's on the same workload, thread count and round (or rounds), in
   * microseconds; NaN without both.
   */
  double storeMicrosPerOp(Run run) {
    Optional<Run> blackhole = find(YcsbBinding.BLACKHOLE, run.threads(), run.workload());
    if (run.round() != Run.ALL_ROUNDS) {
      blackhole = blackhole.flatMap(all -> rounds(all).stream().filter(b -> b.round() == run.round()).findFirst());
    }
    return blackhole.map(b -> run.microsPerOp() - b.microsPerOp()).orElse(Double.NaN);
  }

  /** {@code a}'s whole-client throughput over {@code b}'s. */
  static double throughputRatio(Run a, Run b) {
    return a.opsPerSecond() / b.opsPerSecond();
  }

  /**
   * How many times faster {@code a}'s store is than {@code b}'s: b's store-only time over a's; NaN
   * when a store-only time is not positive (the binding measured no slower than the blackhole, which
   * is noise).
   */
  double storeSpeedRatio(Run a, Run b) {
    double ta = storeMicrosPerOp(a);
    double tb = storeMicrosPerOp(b);
    return ta > 0 && tb > 0 ? tb / ta : Double.NaN;
  }
}
