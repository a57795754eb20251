package org.jnvm.bench.ycsb.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.jnvm.bench.ycsb.YcsbBinding;
import org.junit.jupiter.api.Test;

class ResultsTest {
  /** A round whose every operation took {@code nanos}. */
  private static Run round(YcsbBinding binding, int round, char workload, long ops, double seconds, long nanos) {
    Histogram latencies = new Histogram(60_000_000_000L, 3);
    latencies.recordValueWithCount(nanos, ops);
    return new Run(binding, "-", round, 1, workload, ops, seconds, latencies, 0, ChildTime.UNKNOWN);
  }

  @Test
  void theRoundsOfARunCountTogetherAsTheirOperationsOverTheirSeconds() {
    Results results = new Results(List.of(round(YcsbBinding.LMDB, 1, 'a', 300, 1.0, 1_000), round(YcsbBinding.LMDB, 2, 'a', 100, 1.0, 9_000)));
    Run lmdb = results.find(YcsbBinding.LMDB, 1, 'a').orElseThrow();
    assertEquals(Run.ALL_ROUNDS, lmdb.round());
    assertEquals(400, lmdb.ops());
    assertEquals(200.0, lmdb.opsPerSecond(), 1e-9, "not the mean of 300 and 100 ops/s, which would weigh the slow round less");
    assertEquals(2, results.rounds(lmdb).size());
    assertEquals(List.of(1, 2), results.rounds(lmdb).stream().map(Run::round).toList());
  }

  @Test
  void percentilesComeFromTheMergedLatenciesNotFromAveragedPercentiles() {
    // 75 fast operations and 25 slow ones: the 99th percentile of all is slow, the median fast;
    // averaging each round's percentiles would give a median of 5 µs that no operation took.
    Results results = new Results(List.of(round(YcsbBinding.LMDB, 1, 'c', 75, 1.0, 1_000), round(YcsbBinding.LMDB, 2, 'c', 25, 1.0, 9_000)));
    Run lmdb = results.find(YcsbBinding.LMDB, 1, 'c').orElseThrow();
    assertEquals(1.0, lmdb.p50Us(), 0.01);
    assertEquals(9.0, lmdb.p99Us(), 0.01);
  }

  @Test
  void aRoundsStoreOnlyTimeSubtractsTheBlackholeOfTheSameRound() {
    Results results = new Results(List.of(round(YcsbBinding.BLACKHOLE, 1, 'b', 1_000_000, 1.0, 100), round(YcsbBinding.BLACKHOLE, 2, 'b', 1_000_000, 2.0, 100),
        round(YcsbBinding.VOLATILE, 1, 'b', 1_000_000, 3.0, 100), round(YcsbBinding.VOLATILE, 2, 'b', 1_000_000, 3.0, 100)));
    Run volatileStore = results.find(YcsbBinding.VOLATILE, 1, 'b').orElseThrow();
    List<Run> rounds = results.rounds(volatileStore);
    assertEquals(2.0, results.storeMicrosPerOp(rounds.get(0)), 1e-9);
    assertEquals(1.0, results.storeMicrosPerOp(rounds.get(1)), 1e-9);
    assertEquals(1.5, results.storeMicrosPerOp(volatileStore), 1e-9, "6 s against 3 s for 2M operations");
  }

  @Test
  void roundsOfDifferentRunsAreNotCombined() {
    assertThrows(IllegalArgumentException.class, () -> Run.combined(List.of(round(YcsbBinding.LMDB, 1, 'a', 1, 1, 1), round(YcsbBinding.LMDB, 2, 'b', 1, 1, 1))));
    assertThrows(IllegalArgumentException.class, () -> Run.combined(List.of(round(YcsbBinding.LMDB, 1, 'a', 1, 1, 1), round(YcsbBinding.MAPDB, 2, 'a', 1, 1, 1))));
  }

  @Test
  void aChildsResultLineCarriesItsWholeHistogram() {
    Histogram latencies = new Histogram(60_000_000_000L, 3);
    for (long v = 1; v <= 10_000; v++) {
      latencies.recordValue(v * 37);
    }
    Run run = ChildRunner.parse(YcsbBinding.JNVM_PDT, "skiplist", 2,
        "result 2 e 10000 1.500000 185.000 366.000 3 0.150000 2.700000 0.012000 " + Latencies.encode(latencies));
    assertEquals(2, run.round());
    assertEquals(2, run.threads());
    assertEquals('e', run.workload());
    assertEquals(10_000, run.ops());
    assertEquals(3, run.failed());
    assertEquals(latencies, run.latencies());
    assertEquals(new ChildTime(0.15, 2.7, 0.012), run.time());
    assertEquals(0.1, run.gcPauseShare(), 1e-9, "0.15 s of pauses in 1.5 s");
    assertEquals(0.9, run.clientOnCpuShare(), 1e-9, "2.7 s of CPU for 2 threads over 1.5 s");
    Run older = ChildRunner.parse(YcsbBinding.JNVM_PDT, "skiplist", 2, "result 2 e 10000 1.500000 185.000 366.000 3 " + Latencies.encode(latencies));
    assertEquals(latencies, older.latencies(), "a child from before ChildTime");
    assertEquals(ChildTime.UNKNOWN, older.time());
    assertThrows(IllegalArgumentException.class, () -> ChildRunner.parse(YcsbBinding.LMDB, "-", 1, "result 1 a 10 1.0 1.0 2.0 0"), "no histogram");
    assertThrows(IllegalArgumentException.class, () -> ChildRunner.parse(YcsbBinding.LMDB, "-", 1, "result 1 a 10 1.0 1.0 2.0 0 bm90IGEgaGlzdG9ncmFt"));
  }

  @Test
  void theSecondRoundRunsTheChildrenInReverse() {
    List<YcsbReport.Child> first = YcsbReport.order(1);
    List<YcsbReport.Child> second = YcsbReport.order(2);
    assertEquals(YcsbBinding.BLACKHOLE, first.get(0).binding());
    assertEquals(YcsbBinding.BLACKHOLE, second.get(second.size() - 1).binding());
    for (int i = 0; i < first.size(); i++) {
      assertEquals(first.get(i), second.get(second.size() - 1 - i));
    }
    assertEquals(first, YcsbReport.order(3));
    assertEquals(List.of("abcfd", "e"), first.stream().filter(c -> c.binding() == YcsbBinding.JNVM_PDT).map(YcsbReport.Child::letters).toList(),
        "jnvm-pdt runs the point workloads on one map and E on another");
    assertEquals(first.size(), first.stream().distinct().count());
  }
}
