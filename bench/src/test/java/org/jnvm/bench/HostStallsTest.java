package org.jnvm.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class HostStallsTest {
  @Test
  void onlyStepsSlowerThanTheThresholdCountAsStalled() {
    HostStalls.Tally tally = new HostStalls.Tally(100);
    tally.add(50);
    tally.add(100);
    assertEquals(0, tally.share());
    tally.add(150);
    tally.add(700);
    assertEquals(850.0 / 1000, tally.share(), 1e-12);
  }

  @Test
  void anEmptyTallyHasNoStall() {
    assertEquals(0, new HostStalls.Tally(100).share());
  }

  @Test
  void aProbeReturnsAShareOfTheTimeItRan() {
    double share = new HostStalls(1 << 20).stalledShare(Duration.ofMillis(20));
    assertTrue(share >= 0 && share <= 1, "share " + share);
  }

  @Test
  void aProbeNeedsAPageOfMemory() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new HostStalls(100));
    assertTrue(e.getMessage().contains("100 bytes"), e.getMessage());
  }

  @Test
  void theCommandLineSizeIsInMebibytesUpToWhatADirectBufferHolds() {
    assertEquals(256 << 20, HostStalls.bytesOf(256));
    assertEquals(2047 << 20, HostStalls.bytesOf(2047));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HostStalls.bytesOf(2048));
    assertTrue(e.getMessage().contains("1 to 2047 MiB, not 2048"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> HostStalls.bytesOf(0));
  }

  @Test
  void percentagesHaveOneDecimal() {
    assertEquals("12.3%", HostStalls.percent(0.1234));
    assertEquals("0.0%", HostStalls.percent(0));
  }

  @Test
  void aReportLineGivesTheHostBeforeAndAfterItsRun() {
    String line = HostState.during(new HostState("1.00 0.50 0.25", 0.012), new HostState("2.00 1.50 1.25", 0.3));
    assertTrue(line.contains("1.00 0.50 0.25 before the run, 2.00 1.50 1.25 after it"), line);
    assertTrue(line.contains("1.2% before, 30.0% after"), line);
  }
}
