package org.jnvm.bench.ycsb.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jnvm.bench.ycsb.report.ChildTime.CpuTicks;
import org.junit.jupiter.api.Test;

class ChildTimeTest {
  @Test
  void stealIsItsShareOfEveryCpusTicksBetweenTwoReadings() {
    // user nice system idle iowait irq softirq steal guest guest_nice: guest time is in user already.
    CpuTicks before = CpuTicks.parse("cpu  1000 0 200 5000 10 0 5 40 300 0");
    CpuTicks after = CpuTicks.parse("cpu  1600 0 300 5250 10 0 5 90 700 0");
    assertEquals(new CpuTicks(40, 6255), before);
    assertEquals(50.0 / 1000, before.stealShareUntil(after), 1e-12, "50 of the 1000 ticks that went by, guest ticks not counted twice");
    assertTrue(Double.isNaN(before.stealShareUntil(before)), "no tick went by");
  }

  @Test
  void aLineThatIsNotTheAllCpuLineGivesNoTicks() {
    assertNull(CpuTicks.parse("cpu0 1000 0 200 5000 10 0 5 40 0 0"), "one CPU's line");
    assertNull(CpuTicks.parse("cpu 1000 0 200 5000 10 0 5"), "a kernel before steal time");
  }

  @Test
  void unknownTicksGiveAnUnknownStealShare() {
    ChildTime time = new ChildTime.Counters(100, null).until(new ChildTime.Counters(400, new CpuTicks(0, 100)), 2.0);
    assertEquals(0.3, time.gcPauseSeconds(), 1e-12);
    assertEquals(2.0, time.clientCpuSeconds());
    assertTrue(Double.isNaN(time.stealShare()));
  }

  @Test
  void roundsAddTheirSecondsAndAverageTheirStealOverTheirTime() {
    ChildTime sum = ChildTime.sum(List.of(new ChildTime(0.1, 1.0, 0.0), new ChildTime(0.3, 2.5, 0.04)), List.of(1.0, 3.0));
    assertEquals(0.4, sum.gcPauseSeconds(), 1e-12);
    assertEquals(3.5, sum.clientCpuSeconds(), 1e-12);
    assertEquals(0.03, sum.stealShare(), 1e-12, "4% over 3 of the 4 seconds");
  }

  @Test
  void aResultLinesWordsReadBackAsTheyWereWritten() {
    ChildTime time = new ChildTime(0.25, 3.125, 0.0625);
    String[] words = time.encode().split(" ");
    assertEquals(time, ChildTime.decode(words[0], words[1], words[2]));
  }
}
