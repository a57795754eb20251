package org.jnvm.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import org.jnvm.crash.scenarios.Scenarios;
import org.junit.jupiter.api.Test;

/**
 * The simulated power-failure campaign of {@code mvn verify}. Properties:
 *
 * <ul>
 *   <li>{@code crash.points}: scenario crash points (default {@value #DEFAULT_POINTS}); the long
 *       mode is {@code -Dcrash.points=200000};
 *   <li>{@code crash.seeds}: post-crash images per point (default 4: no eviction, all, line, word);
 *   <li>{@code crash.threads}: workers (default: the processors);
 *   <li>{@code crash.families=alloc,roots}: only these families;
 *   <li>{@code crash.replay=scenario:point:seed}: rerun one reported violation and nothing else;
 *   <li>{@code crash.results=true}: also rewrite the crash section of {@code bench/RESULTS.md}.
 * </ul>
 *
 * The summary goes to {@code target/crash-campaign.txt} and to the log, the flushing figures to
 * {@code target/crash-flushing.md}, and the images of violations to {@code target/crash-failures}.
 */
class CrashCampaignTest {
  static final int DEFAULT_POINTS = 5200;
  /** Crash points for the scenarios of known runtime bugs, reported apart. */
  private static final int KNOWN_BUG_POINTS = 300;

  @Test
  void campaign() {
    Path work = CrashFiles.scratch("jnvm-crash-");
    Path target = CrashFiles.target();
    int points = Integer.getInteger("crash.points", DEFAULT_POINTS);
    try {
      String replay = System.getProperty("crash.replay", "").trim();
      if (!replay.isEmpty()) {
        try (Campaign c = new Campaign(settings(1, work, target))) {
          List<String> found = c.replay(replay, Scenarios::byName);
          System.out.println("replayed " + replay + ": " + (found.isEmpty() ? "no violation" : String.join("\n  ", found)));
          assertTrue(found.isEmpty(), "replay " + replay + ":\n  " + String.join("\n  ", found));
        }
        return;
      }
      Report report;
      try (Campaign c = new Campaign(settings(points, work, target))) {
        report = c.run(selected(Scenarios.campaign()));
      }
      String text = report.summary();
      Report known = null;
      if (!Scenarios.knownBugs().isEmpty()) {
        try (Campaign c = new Campaign(settings(KNOWN_BUG_POINTS, work, target))) {
          known = c.run(Scenarios.knownBugs());
        }
        Report k = known;
        text += "\nKnown issues, run apart and not counted above (see the crash findings):\n" + k.summary()
            + k.firstDetails(2).stream().map(d -> d + "\n").reduce("", String::concat)
            + Scenarios.knownBugs().stream().filter(f -> k.violations(f.name()) == 0)
                .map(f -> f.name() + " no longer shows its bug: move it into Scenarios.campaign()\n").reduce("", String::concat);
      }
      if (report.violations() > 0) {
        text += "\nViolations:\n" + String.join("\n", report.details()) + "\n";
      }
      CrashFiles.write(target.resolve("crash-campaign.txt"), text);
      System.out.print(text);
      String flushing = flushingSection(report, known);
      CrashFiles.write(target.resolve("crash-flushing.md"), flushing);
      if (Boolean.getBoolean("crash.results")) {
        CrashFiles.replaceSection(CrashFiles.module().resolveSibling("bench").resolve("RESULTS.md"), flushing);
      }
      assertEquals(0, report.violations(), () -> "crash-consistency violations:\n" + String.join("\n", report.details()));
      assertTrue(report.scenarioPoints() >= points, "only " + report.scenarioPoints() + " of " + points + " crash points ran");
    } finally {
      CrashFiles.deleteTree(work);
    }
  }

  /** The families named in {@code crash.families} (comma-separated), or all. */
  private static List<ScenarioFamily> selected(List<ScenarioFamily> all) {
    String names = System.getProperty("crash.families", "").trim();
    if (names.isEmpty()) {
      return all;
    }
    List<String> wanted = List.of(names.split(",", -1));
    return all.stream().filter(f -> wanted.contains(f.name())).toList();
  }

  private static Campaign.Settings settings(int points, Path work, Path target) {
    int threads = Integer.getInteger("crash.threads", Runtime.getRuntime().availableProcessors());
    int seeds = Integer.getInteger("crash.seeds", 4);
    return new Campaign.Settings(points, seeds, Math.max(1, threads), true, work, target.resolve("crash-failures"));
  }

  /** The flushing section of bench/RESULTS.md; {@code known} is null when no scenario of a known bug ran. */
  private static String flushingSection(Report report, Report known) {
    String args = System.getenv("MAVEN_CMD_LINE_ARGS");
    String command = args != null && !args.isBlank() ? "mvn" + args.stripTrailing() : "mvn -B verify -pl tests -am -Dcrash.results=true";
    return String.format(Locale.ROOT,
        "## Crash consistency: flushing under the simulated power failure%n%n"
            + "Written by `org.jnvm.crash.CrashCampaignTest` when run with `-Dcrash.results=true`; do not edit by hand, run it again.%n%n"
            + "- Command: `%s` (in `tests`)%n"
            + "- Date: %s (UTC); the campaign took %.0f s: %d crash points, %d violations.%n"
            + "- Source: %s%n"
            + "- Machine: %d logical CPUs; load average (1, 5, 15 min) %s at the end.%n"
            + "- JDK: %s %s.%n%n"
            + "Figures per scenario family, from one complete run of each variant, counted by the simulated backend."
            + " A redundant pwb writes back a line whose contents did not change since its previous write-back; a"
            + " never-stored pwb writes back a line that was never written back before and still holds what it held"
            + " when the heap was opened. An operation is one step of the scenario (see `org.jnvm.crash.scenarios`).%n%n%s%s",
        command, Instant.now().truncatedTo(ChronoUnit.SECONDS), report.seconds(), report.crashPoints(), report.violations(),
        source(), Runtime.getRuntime().availableProcessors(), loadAverage(), System.getProperty("java.vm.name"),
        Runtime.version(), report.flushing(),
        known == null ? "" : String.format(Locale.ROOT, "%nThe scenarios of known issues, run apart:%n%n%s", known.flushing()));
  }

  /** The commit the tests were built from, as git says; best effort. */
  private static String source() {
    try {
      Process git = new ProcessBuilder("git", "describe", "--always", "--dirty").directory(CrashFiles.module().toFile()).start();
      String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (git.waitFor() != 0 || out.isEmpty()) {
        return "unknown";
      }
      return "commit " + out + (out.endsWith("-dirty") ? " (\"-dirty\": with the working tree's uncommitted changes)" : "");
    } catch (IOException e) {
      return "unknown";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }

  private static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).split(" ", -1);
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }
}
