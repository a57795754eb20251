package org.jnvm.bench.ycsb.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.jnvm.bench.ycsb.YcsbBinding;
import org.junit.jupiter.api.Test;

class YcsbSectionTest {
  @Test
  void runsThatLostTimeOutsideTheStoreAreNamed() {
    Run paused = run(YcsbBinding.VOLATILE, "concurrenthash", 2, 'b', new ChildTime(0.6, 7.6, 0.001));
    Run waiting = run(YcsbBinding.JNVM_PDT, "-", 1, 'c', new ChildTime(0.0, 3.5, 0.004));
    Run calm = run(YcsbBinding.LMDB, "-", 2, 'a', new ChildTime(0.1, 7.8, 0.002));
    assertEquals("Runs the collector paused for over 5.0% of their time, or whose client threads were on a CPU for under 90.0% of theirs: "
        + "volatile on concurrenthash, 2 threads, B (paused 15.0%, on a CPU 95.0%); jnvm-pdt, 1 thread, C (paused 0.0%, on a CPU 87.5%). "
        + "Steal time: at most 0.4% of the CPUs' time in any run.", YcsbSection.timeLost(List.of(paused, waiting, calm)));
    assertEquals("Runs the collector paused for over 5.0% of their time, or whose client threads were on a CPU for under 90.0% of theirs: none. "
        + "Steal time: not counted.", YcsbSection.timeLost(List.of(run(YcsbBinding.LMDB, "-", 1, 'a', ChildTime.UNKNOWN))));
  }

  /** A run of 4 seconds. */
  private static Run run(YcsbBinding binding, String map, int threads, char workload, ChildTime time) {
    return new Run(binding, map, 1, threads, workload, 1000, 4.0, new Histogram(3), 0, time);
  }

  @Test
  void aChildIsLabelledWithItsMapUnlessItHasNone() {
    List<String> labels = YcsbReport.order(1).stream().map(YcsbReport.Child::label).toList();
    assertEquals("jnvm-pdt on concurrenthash", labels.stream().filter(l -> l.startsWith("jnvm-pdt")).findFirst().orElseThrow());
    assertEquals("mapdb", labels.stream().filter(l -> l.startsWith("mapdb")).findFirst().orElseThrow());
  }
}
