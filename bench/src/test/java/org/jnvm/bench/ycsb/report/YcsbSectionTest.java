package org.jnvm.bench.ycsb.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jnvm.bench.ycsb.report.YcsbReport.HostCheck;
import org.junit.jupiter.api.Test;

class YcsbSectionTest {
  @Test
  void hostChecksArePrintedRoundByRoundInTheOrderTheChildrenRan() {
    List<HostCheck> checks = List.of(new HostCheck(1, "blackhole", 0.012), new HostCheck(1, "volatile on skiplist", 0.4), new HostCheck(2, "volatile on skiplist", 0.0051),
        new HostCheck(2, "blackhole", 0.25), new HostCheck(2, HostCheck.AFTER_THE_LAST, 0.02));
    assertEquals("round 1: blackhole 1.2%, volatile on skiplist 40.0%; round 2: volatile on skiplist 0.5%, blackhole 25.0%, (after the last child) 2.0%",
        YcsbSection.hostChecks(checks));
  }

  @Test
  void aChildIsLabelledWithItsMapUnlessItHasNone() {
    List<String> labels = YcsbReport.order(1).stream().map(YcsbReport.Child::label).toList();
    assertEquals("jnvm-pdt on concurrenthash", labels.stream().filter(l -> l.startsWith("jnvm-pdt")).findFirst().orElseThrow());
    assertEquals("mapdb", labels.stream().filter(l -> l.startsWith("mapdb")).findFirst().orElseThrow());
  }
}
