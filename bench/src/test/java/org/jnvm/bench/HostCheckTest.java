package org.jnvm.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostCheckTest {
  private static final List<HostCheck> CHECKS = List.of(check(1, "blackhole", 0.012, 0, 0.05), check(1, "volatile on skiplist", 0.4, 10, 0.06),
      check(2, "volatile on skiplist", 0.0051, 0, 0.25), check(2, "blackhole", 0.08, 3, 0.02));

  private static HostCheck check(int round, String measured, double before, long waitedSeconds, double after) {
    return new HostCheck(round, measured, new HostGate.Passage(before, Duration.ofSeconds(waitedSeconds), after));
  }

  @Test
  void checksArePrintedRoundByRoundInTheOrderTheMeasurementsRan() {
    assertEquals("round 1: blackhole 1.2% → 5.0%, volatile on skiplist 40.0% after waiting 10 s → 6.0%; "
        + "round 2: volatile on skiplist 0.5% → 25.0%, blackhole 8.0% after waiting 3 s → 2.0%", HostCheck.byRound(CHECKS));
    assertEquals("The host read busy after volatile on skiplist in round 2.", HostCheck.disturbed(CHECKS, "child"));
  }

  @Test
  void aRunWhoseHostStayedCalmSaysSoInItsOwnWords() {
    List<HostCheck> calm = List.of(check(1, "C, CLWB", 0.3, 10, HostGate.CALM));
    assertEquals("Every reading after a turn was calm.", HostCheck.disturbed(calm, "turn"));
  }

  @Test
  void theDescriptionNamesTheUnitTheWaitsAndEndsWithTheReadings() {
    String text = HostCheck.describe("turn", Duration.ofSeconds(60), Duration.ofMinutes(5), CHECKS);
    assertTrue(text.startsWith("before and after each turn, `HostStalls` read 8-byte words at random over 256 MiB of memory for 1000 ms"), text);
    assertTrue(text.contains("A turn started once a reading was at most 10.0%, or after 60 s of readings (300 s at most over the run; `HostGate`)."), text);
    assertTrue(text.endsWith("turn by turn in each round's order, before → after: " + HostCheck.byRound(CHECKS)), text);
  }

  @Test
  void theCsvHasARowPerCheckUnderTheUnitsColumn(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("host.csv");
    HostCheck.writeCsv(CHECKS.subList(0, 2), "turn", file);
    assertEquals(List.of("round,turn,stalled_before,waited_s,stalled_after", "1,\"blackhole\",0.012,0,0.050", "1,\"volatile on skiplist\",0.400,10,0.060"),
        Files.readAllLines(file));
  }
}
