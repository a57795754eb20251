package org.jnvm.bench.tpcb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jnvm.bench.Environment;
import org.jnvm.bench.HostState;
import org.jnvm.bench.Markers;
import org.jnvm.bench.ReportOptions;
import org.jnvm.bench.StaleStores;
import org.jnvm.heap.HeapConfig;

/**
 * The paper's Figure 11 on this machine: transaction throughput of the TPC-B bank in jnvm-fa
 * and volatile, then the restart after a SIGKILL, with the recovery GC, with the no-GC recovery,
 * and for volatile by building the bank again. Writes {@code TAG-timeline.csv}, {@code
 * TAG-summary.csv}, {@code TAG-restarts.csv} and {@code TAG-recovery.png} to the results directory
 * and rewrites the section of RESULTS.md between {@code <!-- TAG:begin -->} and {@code <!--
 * TAG:end -->}, where TAG is {@code tpcb} in the quick mode and {@code tpcb-full} in the full one.
 *
 * <p>Usage: {@code TpcbReport quick|full [--results FILE] [--out DIR] [--heaps DIR] [--command TEXT]
 * [--source TEXT]}. If a recovery fails its checks, the CSVs are still written for inspection, the
 * section is not, and the exit status is 1.
 */
public final class TpcbReport {
  static final List<String> JDK_MISC_FLAGS = List.of("--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED");
  /** The order of the runs and of the rows; volatile first, as every ratio's baseline. */
  private static final List<TpcbSystem> SYSTEMS = List.of(TpcbSystem.VOLATILE, TpcbSystem.JNVM_GC, TpcbSystem.JNVM_NO_GC);
  /** Held strongly: java.util.logging forgets the level of a logger nobody references. */
  private static final Logger JNVM_LOGGER = Logger.getLogger("org.jnvm");

  private final StringBuilder text = new StringBuilder();

  private TpcbReport() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    if (args.length == 0) {
      throw new IllegalArgumentException(usage());
    }
    Settings settings = Settings.of(args[0]);
    ReportOptions options = ReportOptions.parse("TpcbReport", args, Set.of(), usage());
    JNVM_LOGGER.setLevel(Level.WARNING);
    int status = new TpcbReport().run(settings, options.results, options.out, options.heaps, options.command, options.source());
    System.exit(status);
  }

  private static String usage() {
    return "usage: TpcbReport quick|full [--results FILE] [--out DIR] [--heaps DIR] [--command TEXT] [--source TEXT]";
  }

  private int run(Settings settings, Path results, Path out, Path heaps, String command, String source) throws IOException, InterruptedException {
    Files.createDirectories(out);
    String tag = settings.tag();
    Path log = Path.of("bench/target/" + tag + "-children.log");
    Files.createDirectories(log.getParent());
    Files.deleteIfExists(log);
    Instant started = Instant.now();
    StaleStores.clear(heaps);
    HostState before = HostState.now();
    List<Figures> runs = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (TpcbSystem system : SYSTEMS) {
      System.out.println("tpcb: " + system.label + ", " + settings.describe());
      Figures f = Figures.of(new KillRun(system, settings, heaps, log).run(), settings);
      runs.add(f);
      f.problems().forEach(p -> problems.add(system.label + ": " + p));
      System.out.printf(Locale.ROOT, "tpcb: %s: %.0f tx/s before the first kill, restarts %s ms, %.0f tx/s after the last%n", system.label,
          f.throughputBefore(), f.restarts().stream().map(x -> fixed(x.restartMs())).toList(), f.throughputAfter());
    }
    Duration took = Duration.between(started, Instant.now());
    writeTimeline(runs, out.resolve(tag + "-timeline.csv"));
    writeSummary(runs, settings, out.resolve(tag + "-summary.csv"));
    writeRestarts(runs, out.resolve(tag + "-restarts.csv"));
    TimelinePlot.write(runs, settings, out.resolve(tag + "-recovery.png"));
    if (!problems.isEmpty()) {
      System.err.println("tpcb: a recovery failed its checks; " + results + " left unchanged:");
      problems.forEach(p -> System.err.println("  " + p));
      return 1;
    }
    write(runs, settings, heaps, command, source, started, took, HostState.during(before, HostState.now()));
    System.out.print(text);
    Markers.replace(results, tag, text.toString());
    System.out.println("wrote the " + tag + " section of " + results + ", and " + out + "/" + tag + "-*, in " + took.toSeconds() + " s");
    return 0;
  }

  // ------------------------------------------------------------------ CSV

  private static void writeTimeline(List<Figures> runs, Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("system,interval_start_ms_from_kill,transactions");
    for (Figures f : runs) {
      for (Map.Entry<Long, Long> e : f.filledIntervals().entrySet()) {
        lines.add(f.system().id + "," + e.getKey() + "," + e.getValue());
      }
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  private static void writeSummary(List<Figures> runs, Settings settings, Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("system,mode,accounts,kills,tx_per_s_before_first_kill,tx_per_s_after_last_restart,median_restart_ms,median_heap_open_ms,"
        + "median_bank_ms,live_objects,reported_before_kills,lost,audited_records,problems");
    for (Figures f : runs) {
      lines.add(String.join(",", f.system().id, settings.mode(), Integer.toString(settings.shape().accounts()), Integer.toString(f.restarts().size()),
          fixed(f.throughputBefore()), fixed(f.throughputAfter()), fixed(f.median(Figures.Restart::restartMs)), fixed(f.median(Figures.Restart::openMs)),
          fixed(f.median(Figures.Restart::bankMs)), Long.toString(f.liveObjects()), Long.toString(f.reported()), Long.toString(f.lost()),
          Long.toString(f.auditRecords()), Integer.toString(f.problems().size())));
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  private static void writeRestarts(List<Figures> runs, Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("system,kill,restart_ms,jvm_age_at_ready_ms,heap_open_ms,bank_ms,back_to_90pct_ms");
    for (Figures f : runs) {
      for (int k = 0; k < f.restarts().size(); k++) {
        Figures.Restart r = f.restarts().get(k);
        lines.add(String.join(",", f.system().id, Integer.toString(k + 1), fixed(r.restartMs()), fixed(r.uptimeMs()), fixed(r.openMs()), fixed(r.bankMs()),
            fixed(r.nominalMs())));
      }
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  private static String fixed(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  // ------------------------------------------------------------------ the section

  private void write(List<Figures> runs, Settings settings, Path heaps, String command, String source, Instant started, Duration took, String load) {
    Figures vol = runs.get(0);
    Figures gc = find(runs, TpcbSystem.JNVM_GC);
    Figures noGc = find(runs, TpcbSystem.JNVM_NO_GC);
    String tag = settings.tag();
    add(Markers.begin(tag));
    add("## TPC-B with a crash and recovery (the paper's Figure 11), " + settings.mode() + " mode");
    add("");
    add("Written by `org.jnvm.bench.tpcb.TpcbReport` (bench/run-tpcb); do not edit by hand, run it again.");
    add("");
    add("- Command: `" + command + "`");
    add("- Date: " + started.truncatedTo(ChronoUnit.SECONDS) + " (UTC); the run took " + took.toMinutes() + " min " + took.toSecondsPart() + " s.");
    add("- Source: " + source + ".");
    add("- Machine: " + Environment.machine() + "; " + load
        + ". Each child runs one transaction thread; a load above 1 is other work sharing the 2 CPUs, and every figure here moves with it.");
    add("- JDK: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version") + ", `" + System.getProperty("java.home")
        + "`; children with `-Xmx" + settings.childHeapMiB() + "m " + String.join(" ", JDK_MISC_FLAGS) + "`.");
    add("- Bank (`org.jnvm.samples.tpcb`, the model the kill tests run): " + settings.describe() + ". A transaction adds one delta to an "
        + "account, its teller and the teller's branch and appends a history record; jnvm-fa runs it in one failure-atomic block on a "
        + "heap file in " + heaps + " (tmpfs) with the clwb backend and " + HeapConfig.DEFAULT_BLOCK_SIZE + "-byte blocks (one block per balance); "
        + "volatile is the same bank as plain Java objects.");
    add("- Method: per system, a child JVM opens a new bank and runs transactions, one after another, on one thread; this JVM kills it "
        + "with SIGKILL and at once starts another on what is left: the same heap file for jnvm-fa, recovered in the system's mode; "
        + "nothing for volatile, which builds its bank again. That is done " + settings.kills() + " times; the last child then audits its "
        + "bank (the four sums agree, each branch holds its tellers' sum, every balance matches the history, the history is transactions "
        + "1, 2, 3 ... without a gap), and after each kill the restarted child must find every transaction the killed one reported "
        + "committed. A run that fails a check writes nothing here. Children report their committed count every " + TpcbChild.REPORT_MS
        + " ms; this JVM stamps each report as it arrives.");
    add("");
    add("![throughput across the kills](results/" + tag + "-recovery.png)");
    add("");
    add("CSV in `bench/results/`: `" + tag + "-timeline.csv` (transactions per " + Settings.INTERVAL_MS + " ms interval, from the first kill), `"
        + tag + "-restarts.csv` (every restart), `" + tag + "-summary.csv`.");
    add("");
    add("### Throughput");
    add("");
    add("Transactions per second over the second half of the first child's run (before any kill) and of the last child's; ratio = "
        + "system / volatile, before the kills.");
    add("");
    add("| system | before the kills (tx/s) | after the last restart (tx/s) | ratio to volatile |");
    add("|---|---:|---:|---:|");
    for (Figures f : runs) {
      add("| " + f.system().label + " | " + count(f.throughputBefore()) + " | " + count(f.throughputAfter()) + " | " + ratio(f.throughputBefore() / vol.throughputBefore()) + " |");
    }
    add("");
    add("### Restart after SIGKILL");
    add("");
    add("Restart = from the kill to the restarted child's first moment of serving: JVM start, `Heap.open` with its recovery (or the "
        + "volatile build), and attaching the bank (proxies are made on first use). Medians over the " + settings.kills() + " kills, the "
        + "range beside them; ratio = median / the volatile rebuild's median in this run. \"Back to 90%\" is the end of the first "
        + Settings.INTERVAL_MS + " ms interval after the kill at 90% of the throughput before the kills (none: not reached before the next kill).");
    add("");
    add("| system | restart (ms) | range (ms) | ratio to volatile rebuild | JVM age at ready (ms) | `Heap.open` incl. recovery (ms) "
        + "| bank attach or build (ms) | back to 90% (ms) | objects kept | transactions reported before the kills | lost | audited records |");
    add("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (Figures f : runs) {
      double[] all = f.restarts().stream().mapToDouble(Figures.Restart::restartMs).sorted().toArray();
      add("| " + f.system().label + " | " + fixed(f.median(Figures.Restart::restartMs)) + " | " + fixed(all[0]) + " – " + fixed(all[all.length - 1]) + " | "
          + ratio(f.median(Figures.Restart::restartMs) / vol.median(Figures.Restart::restartMs)) + " | " + fixed(f.median(Figures.Restart::uptimeMs)) + " | "
          + (f.system().persistent() ? fixed(f.median(Figures.Restart::openMs)) : "-") + " | " + fixed(f.median(Figures.Restart::bankMs)) + " | "
          + orNone(f.median(Figures.Restart::nominalMs)) + " | " + (f.system().persistent() ? count(f.liveObjects()) : "-") + " | " + count(f.reported()) + " | "
          + count(f.lost()) + (f.system().persistent() ? "" : " (volatile keeps nothing)") + " | " + count(f.auditRecords()) + " |");
    }
    add("");
    add("### Against the paper");
    add("");
    add("The paper's Figure 11 (section 5.3.3): a bank server of " + count(Paper.ACCOUNTS) + " accounts behind a REST interface, killed "
        + "with SIGKILL in its container and restarted, one kill; its nominal throughputs are those of the REST server. Its times include "
        + "the container; ours are a bare JVM's, medians as above, with " + count(settings.shape().accounts()) + " accounts.");
    add("");
    double volRestart = vol.median(Figures.Restart::restartMs) / 1000;
    double gcRestart = gc.median(Figures.Restart::restartMs) / 1000;
    double noGcRestart = noGc.median(Figures.Restart::restartMs) / 1000;
    add("| | paper | this run |");
    add("|---|---:|---:|");
    add("| volatile restart (s) | " + seconds(Paper.VOLATILE_RESTART_S) + " | " + seconds(volRestart) + " |");
    add("| jnvm-fa restart, recovery GC (s) | " + seconds(Paper.JPFA_RESTART_S) + " | " + seconds(gcRestart) + " |");
    add("| jnvm-fa restart, no-GC (s) | " + seconds(Paper.JPFA_RESTART_S - Paper.NOGC_GAIN_S) + " | " + seconds(noGcRestart) + " |");
    add("| recovery GC restart − volatile restart (s) | " + seconds(Paper.JPFA_RESTART_S - Paper.VOLATILE_RESTART_S) + " | " + seconds(gcRestart - volRestart) + " |");
    add("| no-GC gain over the recovery GC (s) | " + seconds(Paper.NOGC_GAIN_S) + " | " + seconds(gcRestart - noGcRestart) + " |");
    add("| restart ratio, recovery GC / volatile | " + ratio(Paper.JPFA_RESTART_S / Paper.VOLATILE_RESTART_S) + " | " + ratio(gcRestart / volRestart) + " |");
    add("| restart ratio, no-GC / volatile | " + ratio((Paper.JPFA_RESTART_S - Paper.NOGC_GAIN_S) / Paper.VOLATILE_RESTART_S) + " | " + ratio(noGcRestart / volRestart) + " |");
    add("| throughput ratio, jnvm-fa / volatile | " + ratio(Paper.JPFA_OPS / Paper.VOLATILE_OPS) + " | " + ratio(gc.throughputBefore() / vol.throughputBefore()) + " |");
    add("");
    add(Markers.end(tag));
  }

  private static Figures find(List<Figures> runs, TpcbSystem system) {
    return runs.stream().filter(f -> f.system() == system).findFirst().orElseThrow();
  }

  private static String orNone(double v) {
    return Double.isNaN(v) ? "none" : fixed(v);
  }

  private static String count(double v) {
    return String.format(Locale.ROOT, "%,.0f", v);
  }

  private static String count(long v) {
    return String.format(Locale.ROOT, "%,d", v);
  }

  private static String seconds(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }

  private static String ratio(double v) {
    return String.format(Locale.ROOT, "%.2fx", v);
  }

  private void add(String line) {
    text.append(line).append('\n');
  }

  /** The paper's Figure 11 and its text (section 5.3.3), quoted as reference, not measured here. */
  private static final class Paper {
    static final double ACCOUNTS = 10_000_000;
    static final double VOLATILE_RESTART_S = 2.4;
    static final double JPFA_RESTART_S = 8.5;
    static final double NOGC_GAIN_S = 2.8;
    /** Nominal throughputs through the REST interface, ops/s. */
    static final double JPFA_OPS = 8_800;
    static final double VOLATILE_OPS = 9_500;

    private Paper() {}
  }
}
