package org.jnvm.bench.ycsb.report;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.jnvm.bench.Environment;
import org.jnvm.bench.HostCheck;
import org.jnvm.bench.HostStalls;
import org.jnvm.bench.Markers;
import org.jnvm.bench.ycsb.YcsbBinding;
import org.jnvm.bench.ycsb.jnvm.JnvmConfig;

/** The ycsb section of RESULTS.md, from a report's results and floors. */
final class YcsbSection {
  /** Above this share of a run's time in the collector's pauses, the Child time line names the run. */
  static final double MOST_GC_PAUSE = 0.05;
  /** Below this share of their time on a CPU, the Child time line names a run's client threads. */
  static final double LEAST_ON_CPU = 0.9;

  private final StringBuilder text;
  private final Settings settings;
  private final List<String> jvm;
  /** Where the stores' files were: tmpfs. */
  private final Path heaps;
  private final String command;
  private final String source;
  private final Instant started;
  private final Duration took;
  private final String load;

  YcsbSection(StringBuilder text, Settings settings, List<String> jvm, Path heaps, String command, String source, Instant started, Duration took, String load) {
    this.text = text;
    this.heaps = heaps;
    this.settings = settings;
    this.jvm = jvm;
    this.command = command;
    this.source = source;
    this.started = started;
    this.took = took;
    this.load = load;
  }

  void write(Results results, List<Floor> floors, List<HostCheck> checks) {
    String tag = settings.tag();
    add(Markers.begin(tag));
    add("## YCSB (the paper's Figure 12), " + settings.mode() + " mode");
    add("");
    add("Written by `org.jnvm.bench.ycsb.report.YcsbReport` (bench/run-ycsb); do not edit by hand, run it again.");
    add("");
    add("- Command: `" + command + "`");
    add("- Date: " + YcsbReport.date(started) + " (UTC); the run took " + took.toMinutes() + " min " + took.toSecondsPart() + " s.");
    add("- Source: " + source + ".");
    add("- Machine: " + Environment.machine() + "; " + load
        + ". A load above the client threads is other work sharing the CPUs, and every figure here moves with it.");
    add("- JDK: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version") + ", `" + System.getProperty("java.home")
        + "`; each child JVM with `" + String.join(" ", jvm.subList(1, jvm.size() - 2)) + "` (the same flags for every binding).");
    add("- Pages: every child asks for transparent huge pages for its Java heap (`" + YcsbReport.JAVA_HEAP_HUGE_PAGES + "`); "
        + Environment.hugePageSettings() + ", where the jnvm heaps and the peers' files are.");
    add("- Client: YCSB " + "0.17.0" + "'s `CoreWorkload` and `ClientThread`, driven in a child JVM per binding (`YcsbChild`), workloads A to F "
        + "of `bench/ycsb/workloads/` (A, B, C, F zipfian, D latest, E scans of up to 100 records), " + settings.describe()
        + ". A child opens its store before any clock starts, loads it, then runs the workloads with 1 and then 2 client threads. "
        + "jnvm-pdt, jnvm-fa and volatile run A, B, C, F, D on `PConcurrentHashMap`/`ConcurrentHashMap` and E on `PSkipListMap`/`ConcurrentSkipListMap` "
        + "(pdt policy CACHED), each on a store loaded afresh; the peers and the blackhole run all six on one store.");
    add("- Rounds: every child runs once in each of " + settings.rounds() + " rounds, the second round in the reverse order of the first, so that "
        + "a steady drift of this shared host's speed over the run weighs on every binding alike. A figure takes the rounds together: their "
        + "operations over their seconds, and the percentiles of their latencies merged. The \"ops/s by round\" column shows each round, "
        + "which tells how far the host moved.");
    add("- Host: " + HostCheck.describe("child", settings.longestHostWait(), settings.hostWaitBudget(), checks)
        + ". A child measured while this is high ran slower for it, whatever its binding; compare its rounds. " + HostCheck.disturbed(checks, "child"));
    add("- Child time: each child counts, over each measured run, its collector's pauses (its `GarbageCollectorMXBean`s), its client threads' CPU "
        + "time (each thread's from its binding's `init()` to `cleanup()`) and the CPUs' steal time (`/proc/stat`); `" + tag + "-runs.csv` has them "
        + "for every run, as shares of the run's time. " + timeLost(results.combined()));
    add("- jnvm stores: a heap file in " + heaps + " (tmpfs) with the clwb backend, and a thread of the heap's that keeps the pages of the next "
        + (JnvmConfig.DEFAULT_PREFAULT_BYTES >> 20) + " MiB of never-used blocks mapped in (`HeapConfig.prefault`), as every child pre-touches "
        + "its Java heap. " + Environment.writeBack(jvm.get(0)));
    add("- Latency: measured by the runner, not by YCSB's `DBWrapper`: `System.nanoTime` around each call of the binding, all operation "
        + "types together, in an HdrHistogram (3 digits); p50 and p99 in µs. Throughput: operations over the time from starting the client "
        + "threads to the last one's end, as YCSB's client counts it.");
    add("- Store-only time per operation = the binding's time per operation of one client thread (threads × seconds / operations) minus the "
        + "blackhole's on the same workload and thread count (the paper's Figure 12). \"Store-only speed\" ratios are the other store's "
        + "store-only time over jnvm-pdt's.");
    add("");
    add("Stores:");
    add("");
    for (YcsbBinding b : YcsbBinding.values()) {
      add("- `" + b.id() + "`: " + b.label());
    }
    add("");
    add("![whole-client throughput](results/" + tag + "-throughput.png)");
    add("");
    add("![store-only time per operation](results/" + tag + "-store-time.png)");
    add("");
    add("CSV in `bench/results/`: `" + tag + "-runs.csv` (every run), `" + tag + "-floors.csv` (every floor).");
    add("");
    for (int threads : YcsbReport.THREADS) {
      add("### " + threads + " client thread" + (threads > 1 ? "s" : ""));
      add("");
      add("| workload | binding | ops/s | ops/s by round | µs/op | store-only µs/op | p50 µs | p99 µs | failed ops |");
      add("|---|---|---:|---:|---:|---:|---:|---:|---:|");
      for (char w : YcsbReport.WORKLOADS.toCharArray()) {
        for (YcsbBinding b : YcsbBinding.values()) {
          results.find(b, threads, w).ifPresent(r -> add("| " + Character.toUpperCase(w) + " | " + b.id() + " | " + count(r.opsPerSecond()) + " | "
              + byRound(results, r) + " | " + fixed(r.microsPerOp()) + " | " + (b == YcsbBinding.BLACKHOLE ? "-" : fixed(results.storeMicrosPerOp(r))) + " | " + fixed(r.p50Us()) + " | "
              + fixed(r.p99Us()) + " | " + r.failed() + " |"));
        }
      }
      add("");
    }
    add("### Floors");
    add("");
    add("The issue's floors, checked by the report on every workload and thread count: jnvm-pdt ≥ " + Floor.VOLATILE_THROUGHPUT
        + "× volatile on whole-client throughput and ≥ " + Floor.VOLATILE_STORE + "× on store-only speed; jnvm-fa ≥ " + Floor.FA_THROUGHPUT
        + "× jnvm-pdt; jnvm-pdt ahead of every peer (throughput ratio above 1); and on A and F ≥ " + (int) Floor.MAPDB_STORE
        + "× MapDB, taken on store-only speed (on whole-client throughput the client's own cost caps any ratio).");
    add("");
    long notMet = floors.stream().filter(f -> f.verdict().contains("not met")).count();
    long undetermined = floors.stream().filter(f -> f.verdict().equals("undetermined")).count();
    add("Of " + floors.size() + " floors: " + (floors.size() - notMet - undetermined) + " met, " + notMet + " not met, " + undetermined + " undetermined.");
    add("");
    add("| threads | workload | comparison | ratio | floor | verdict | note |");
    add("|---:|---|---|---:|---:|---|---|");
    for (Floor f : floors) {
      add("| " + f.threads() + " | " + Character.toUpperCase(f.workload()) + " | " + f.what() + " | " + (Double.isNaN(f.ratio()) ? "-" : ratio(f.ratio())) + " | "
          + (f.floor() == 1 ? "> 1" : "≥ " + f.floor()) + " | " + f.verdict() + " | " + f.note() + " |");
    }
    add("");
    add(Markers.end(tag));
  }

  /** The checks as the Host line prints them: round by round, each child with its readings. */
  /**
   * The runs that lost much of their time outside the store, as their children counted it: paused by
   * the collector, or with client threads off the CPU (waiting for it, for a lock or for the
   * collector); and the most steal time of any run.
   */
  static String timeLost(List<Run> runs) {
    List<String> lost = runs.stream().filter(r -> r.gcPauseShare() > MOST_GC_PAUSE || r.clientOnCpuShare() < LEAST_ON_CPU)
        .map(r -> YcsbReport.Child.label(r.binding(), r.map()) + ", " + r.threads() + " thread" + (r.threads() > 1 ? "s" : "") + ", "
            + Character.toUpperCase(r.workload()) + " (paused " + HostStalls.percent(r.gcPauseShare()) + ", on a CPU " + HostStalls.percent(r.clientOnCpuShare()) + ")")
        .toList();
    double steal = runs.stream().mapToDouble(r -> r.time().stealShare()).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    return "Runs the collector paused for over " + HostStalls.percent(MOST_GC_PAUSE) + " of their time, or whose client threads were on a CPU for under "
        + HostStalls.percent(LEAST_ON_CPU) + " of theirs: " + (lost.isEmpty() ? "none" : String.join("; ", lost)) + ". Steal time: "
        + (Double.isNaN(steal) ? "not counted" : "at most " + HostStalls.percent(steal) + " of the CPUs' time in any run") + ".";
  }

  private static String byRound(Results results, Run run) {
    return String.join(" / ", results.rounds(run).stream().map(r -> count(r.opsPerSecond())).toList());
  }

  private static String count(double v) {
    return String.format(Locale.ROOT, "%,.0f", v);
  }

  private static String fixed(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
  }

  private static String ratio(double v) {
    return String.format(Locale.ROOT, "%.2fx", v);
  }

  private void add(String line) {
    text.append(line).append('\n');
  }
}
