package org.jnvm.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@link HostStalls} read around one measurement of a report's round, as its {@link HostGate}
 * let it in and just after it ended. The YCSB report checks the host around each child JVM, the
 * Table 3 report around each side's turn; both print and store the checks the same way.
 *
 * @param round the round, from 1
 * @param measured what ran: a child, a series' turn
 */
public record HostCheck(int round, String measured, HostGate.Passage host) {
  /**
   * A report's sentences on how the host was read, for its "Host" line: each {@code unit} (child,
   * turn) waited at most {@code longestWait} for a calm reading, and all of them {@code
   * wholeRunWait}; then the readings, round by round.
   */
  public static String describe(String unit, Duration longestWait, Duration wholeRunWait, List<HostCheck> checks) {
    return "before and after each " + unit + ", `HostStalls` read 8-byte words at random over " + (HostState.PROBE_BYTES >> 20) + " MiB of memory for "
        + HostState.PROBE_SPAN.toMillis() + " ms and counted the time spent in steps of " + HostStalls.READS_PER_STEP + " reads that took over "
        + HostStalls.STALL_NANOS / 1000 + " µs: waits for the host, which a shared host's memory causes and no guest counter shows (see the class). A "
        + unit + " started once a reading was at most " + HostStalls.percent(HostGate.CALM) + ", or after " + longestWait.toSeconds()
        + " s of readings (" + wholeRunWait.toSeconds() + " s at most over the run; `HostGate`). Share of the time spent so, " + unit + " by " + unit
        + " in each round's order, before → after: " + byRound(checks);
  }

  /** The readings round by round, in the order the measurements ran: "round 1: blackhole 1.2% → 5.0%, …; round 2: …". */
  public static String byRound(List<HostCheck> checks) {
    List<String> rounds = new ArrayList<>();
    for (int round : checks.stream().mapToInt(HostCheck::round).distinct().toArray()) {
      rounds.add("round " + round + ": " + String.join(", ", checks.stream().filter(c -> c.round() == round)
          .map(c -> c.measured() + " " + c.host().describe()).toList()));
    }
    return String.join("; ", rounds);
  }

  /** The measurements after which the host read busy, whose figures it may have lowered; {@code unit} names one (child, turn). */
  public static String disturbed(List<HostCheck> checks, String unit) {
    List<String> busy = checks.stream().filter(c -> c.host().disturbed()).map(c -> c.measured() + " in round " + c.round()).toList();
    return busy.isEmpty() ? "Every reading after a " + unit + " was calm." : "The host read busy after " + String.join(", ", busy) + ".";
  }

  /** Writes the checks as CSV, one row each; {@code unit} heads the column of what ran. */
  public static void writeCsv(List<HostCheck> checks, String unit, Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("round," + unit + ",stalled_before,waited_s,stalled_after");
    for (HostCheck c : checks) {
      lines.add(String.join(",", Integer.toString(c.round()), '"' + c.measured() + '"', share(c.host().stalledBefore()),
          Long.toString(c.host().waited().toSeconds()), share(c.host().stalledAfter())));
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  private static String share(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
  }
}
