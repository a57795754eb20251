package org.jnvm.bench.ycsb.report;

import java.util.List;
import java.util.Optional;
import org.jnvm.bench.ycsb.YcsbBinding;

/** All the runs of a report, and what is derived from them: the store-only time and the ratios. */
record Results(List<Run> runs) {
  Optional<Run> find(YcsbBinding binding, int threads, char workload) {
    return runs.stream().filter(r -> r.binding() == binding && r.threads() == threads && r.workload() == workload).findFirst();
  }

  /**
   * The store's own time per operation (the paper's Figure 12): the binding's time per operation
   * minus the blackhole's on the same workload and thread count, in microseconds; NaN without both.
   */
  double storeMicrosPerOp(Run run) {
    return find(YcsbBinding.BLACKHOLE, run.threads(), run.workload()).map(b -> run.microsPerOp() - b.microsPerOp()).orElse(Double.NaN);
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
