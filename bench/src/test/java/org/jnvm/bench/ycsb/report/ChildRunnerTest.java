package org.jnvm.bench.ycsb.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ChildRunnerTest {
  @Test
  void aChildKilledBySigkillIsExplainedAndOtherFailuresAreNot() {
    assertTrue(ChildRunner.exitHint(137).contains("out-of-memory killer"), ChildRunner.exitHint(137));
    assertEquals("", ChildRunner.exitHint(1), "an ordinary failure is told by the child's own log");
  }
}
