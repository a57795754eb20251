package org.jnvm.bench.ycsb.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.jnvm.bench.HostGate;
import org.jnvm.bench.ycsb.report.YcsbReport.HostCheck;
import org.junit.jupiter.api.Test;

class YcsbSectionTest {
  @Test
  void hostChecksArePrintedRoundByRoundInTheOrderTheChildrenRan() {
    List<HostCheck> checks = List.of(check(1, "blackhole", 0.012, 0, 0.05), check(1, "volatile on skiplist", 0.4, 10, 0.06),
        check(2, "volatile on skiplist", 0.0051, 0, 0.25), check(2, "blackhole", 0.08, 3, 0.02));
    assertEquals("round 1: blackhole 1.2% → 5.0%, volatile on skiplist 40.0% after waiting 10 s → 6.0%; "
        + "round 2: volatile on skiplist 0.5% → 25.0%, blackhole 8.0% after waiting 3 s → 2.0%", YcsbSection.hostChecks(checks));
    assertEquals("The host read busy after volatile on skiplist in round 2.", YcsbSection.disturbed(checks));
  }

  @Test
  void aRunWhoseHostStayedCalmSaysSo() {
    assertEquals("Every reading after a child was calm.", YcsbSection.disturbed(List.of(check(1, "blackhole", 0.3, 10, HostGate.CALM))));
  }

  private static HostCheck check(int round, String child, double before, long waitedSeconds, double after) {
    return new HostCheck(round, child, new HostGate.Passage(before, Duration.ofSeconds(waitedSeconds), after));
  }

  @Test
  void aChildIsLabelledWithItsMapUnlessItHasNone() {
    List<String> labels = YcsbReport.order(1).stream().map(YcsbReport.Child::label).toList();
    assertEquals("jnvm-pdt on concurrenthash", labels.stream().filter(l -> l.startsWith("jnvm-pdt")).findFirst().orElseThrow());
    assertEquals("mapdb", labels.stream().filter(l -> l.startsWith("mapdb")).findFirst().orElseThrow());
  }
}
