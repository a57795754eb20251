package org.jnvm.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

class HostGateTest {
  private static final Duration SECOND = Duration.ofSeconds(1);

  /** Readings in the order given, then a failure: a gate that reads more than it should fails the test. */
  private static DoubleSupplier readings(Double... shares) {
    Deque<Double> left = new ArrayDeque<>(List.of(shares));
    return () -> {
      if (left.isEmpty()) {
        throw new AssertionError("the gate read the host once more than it should have");
      }
      return left.removeFirst();
    };
  }

  @Test
  void aCalmHostLetsAMeasurementInAtOnce() {
    HostGate gate = new HostGate(readings(0.06), SECOND, Duration.ofSeconds(10), Duration.ofSeconds(30));
    assertEquals(new HostGate.Entry(0.06, Duration.ZERO), gate.enter());
  }

  @Test
  void aBusyHostIsReadUntilItIsCalm() {
    HostGate gate = new HostGate(readings(0.3, 0.2, HostGate.CALM, 0.5), SECOND, Duration.ofSeconds(10), Duration.ofSeconds(30));
    HostGate.Entry entry = gate.enter();
    assertEquals(new HostGate.Entry(HostGate.CALM, Duration.ofSeconds(2)), entry);
    assertEquals(new HostGate.Passage(HostGate.CALM, Duration.ofSeconds(2), 0.5), gate.leave(entry));
  }

  @Test
  void aPassageTellsWhetherTheHostTurnedBusyAndPrintsItsReadings() {
    HostGate.Passage calm = new HostGate.Passage(0.061, Duration.ZERO, HostGate.CALM);
    HostGate.Passage busy = new HostGate.Passage(0.4, Duration.ofSeconds(10), 0.25);
    assertFalse(calm.disturbed());
    assertTrue(busy.disturbed());
    assertEquals("6.1% → 10.0%", calm.describe());
    assertEquals("40.0% after waiting 10 s → 25.0%", busy.describe());
  }

  @Test
  void noWaitIsLongerThanItsAllowance() {
    HostGate gate = new HostGate(readings(0.3, 0.3, 0.3, 0.4, 0.05), SECOND, Duration.ofSeconds(2), Duration.ofSeconds(30));
    assertEquals(new HostGate.Entry(0.3, Duration.ofSeconds(2)), gate.enter());
    assertEquals(new HostGate.Entry(0.05, SECOND), gate.enter());
  }

  @Test
  void theWaitsOfARunStopAtItsAllowance() {
    HostGate gate = new HostGate(readings(0.3, 0.3, 0.3, 0.3, 0.3, 0.3), SECOND, Duration.ofSeconds(2), Duration.ofSeconds(3));
    assertEquals(Duration.ofSeconds(2), gate.enter().waited());
    assertEquals(Duration.ofSeconds(1), gate.enter().waited());
    assertEquals(new HostGate.Entry(0.3, Duration.ZERO), gate.enter());
  }

  @Test
  void aGateWithoutAllowanceReadsOnceAndLetsIn() {
    HostGate gate = new HostGate(readings(0.9), SECOND, Duration.ZERO, Duration.ZERO);
    assertEquals(new HostGate.Entry(0.9, Duration.ZERO), gate.enter());
  }

  @Test
  void aGateNeedsAProbeThatTakesTime() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new HostGate(readings(), Duration.ZERO, SECOND, SECOND));
    assertTrue(e.getMessage().contains("probe PT0S"), e.getMessage());
  }
}
