package org.jnvm.crash;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What a campaign did and found, as the summary file, the log and bench/RESULTS.md show it. */
public final class Report {
  private final Campaign.Settings settings;
  private final List<Campaign.Tally> tallies;
  private final long nanos;

  Report(Campaign.Settings settings, List<Campaign.Tally> tallies, long nanos) {
    this.settings = settings;
    this.tallies = List.copyOf(tallies);
    this.nanos = nanos;
  }

  /** Scenario crash points plus recovery crash points. */
  public long crashPoints() {
    return scenarioPoints() + tallies.stream().mapToLong(t -> t.recoveryPoints).sum();
  }

  public long scenarioPoints() {
    return tallies.stream().mapToLong(t -> t.scenarioPoints).sum();
  }

  public long violations() {
    return tallies.stream().mapToLong(t -> t.violations).sum();
  }

  /** Violations of one family. */
  public long violations(String family) {
    return tallies.stream().filter(t -> t.family.equals(family)).mapToLong(t -> t.violations).sum();
  }

  public double seconds() {
    return nanos / 1e9;
  }

  /** The first {@code n} kept violations of each family, with their replay keys. */
  public List<String> firstDetails(int n) {
    List<String> some = new ArrayList<>();
    for (Campaign.Tally t : tallies) {
      some.addAll(t.details.subList(0, Math.min(n, t.details.size())));
    }
    return some;
  }

  /** Every kept violation, with its replay key. */
  public List<String> details() {
    List<String> all = new ArrayList<>();
    for (Campaign.Tally t : tallies) {
      all.addAll(t.details);
    }
    return all;
  }

  /** The summary line, a line of settings, and the breakdown per family. */
  public String summary() {
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.ROOT, "crash points: %d, violations: %d%n", crashPoints(), violations()));
    b.append(String.format(Locale.ROOT,
        "%d scenario crash points and %d recovery crash points, %d post-crash images checked, in %.1f s on %d threads"
            + " (crash.points=%d, crash.seeds=%d)%n",
        scenarioPoints(), crashPoints() - scenarioPoints(), tallies.stream().mapToLong(t -> t.images).sum(), seconds(),
        settings.threads(), settings.points(), settings.seeds()));
    b.append(String.format(Locale.ROOT, "%-12s %8s %10s %10s %10s %10s %10s%n",
        "scenario", "variants", "points", "crashed", "recovery", "images", "violations"));
    for (Campaign.Tally t : tallies) {
      b.append(String.format(Locale.ROOT, "%-12s %8d %10d %10d %10d %10d %10d%n",
          t.family, t.variants, t.available, t.scenarioPoints, t.recoveryPoints, t.images, t.violations));
    }
    return b.toString();
  }

  /** The flushing figures as Markdown tables. */
  public String flushing() {
    StringBuilder b = new StringBuilder();
    table(b, "operations", "op", true);
    b.append("\nRecovery of the post-crash images (one open each):\n\n");
    table(b, "recoveries", "recovery", false);
    return b.toString();
  }

  /** One row per family: the scenario runs' figures per operation, or the recoveries' per recovery. */
  private void table(StringBuilder b, String count, String unit, boolean scenario) {
    b.append(String.format(Locale.ROOT, "| scenario | %s | pwb/%s | redundant pwb | never-stored pwb | pfence/%s | psync/%s |%n", count, unit, unit, unit));
    b.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    for (Campaign.Tally t : tallies) {
      FlushStats s = scenario ? t.scenarioStats : t.recoveryStats;
      long n = scenario ? t.operations : t.images;
      b.append(String.format(Locale.ROOT, "| %s | %d | %.2f | %d (%s) | %d (%s) | %.2f | %.3f |%n",
          t.family, n, per(s.pwbs(), n), s.redundantPwbs(), percent(s.redundantPwbs(), s.pwbs()),
          s.unstoredPwbs(), percent(s.unstoredPwbs(), s.pwbs()), per(s.pfences(), n), per(s.psyncs(), n)));
    }
  }

  private static double per(long n, long ops) {
    return ops == 0 ? 0 : (double) n / ops;
  }

  private static String percent(long n, long of) {
    return of == 0 ? "0%" : String.format(Locale.ROOT, "%.1f%%", 100.0 * n / of);
  }
}
