package org.jnvm.bench.ycsb.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import org.jnvm.bench.Environment;
import org.jnvm.bench.HostCheck;
import org.jnvm.bench.HostGate;
import org.jnvm.bench.HostState;
import org.jnvm.bench.Markers;
import org.jnvm.bench.ReportOptions;
import org.jnvm.bench.StaleStores;
import org.jnvm.bench.ycsb.YcsbBinding;
import org.jnvm.bench.ycsb.jnvm.MapKind;

/**
 * The YCSB comparison (the paper's Figure 12): every binding on workloads A to F with 1 and 2
 * client threads, each binding in child JVMs of its own ({@link YcsbChild}). Writes {@code
 * TAG-runs.csv}, {@code TAG-floors.csv}, {@code TAG-throughput.png} and {@code
 * TAG-store-time.png} to the results directory and rewrites the section of RESULTS.md between
 * {@code <!-- TAG:begin -->} and {@code <!-- TAG:end -->}, where TAG is {@code ycsb} in the quick
 * mode and {@code ycsb-full} in the full one (see {@link Settings#tag}).
 *
 * <p>Every binding runs {@link Settings#rounds} rounds, each in child JVMs of its own, the second
 * round in the reverse order of the first (see {@link Settings#ROUNDS} for why); the figures take
 * the rounds together ({@link Run#combined}), and the CSV keeps each round as well.
 *
 * <p>jnvm-pdt, jnvm-fa and volatile run A, B, C, F and D on the hash map the issue gives volatile
 * ({@code PConcurrentHashMap}, {@code ConcurrentHashMap}) and E, which scans, on the ordered
 * concurrent one ({@code PSkipListMap}, {@code ConcurrentSkipListMap}), each on a store loaded
 * afresh. The peers and the blackhole run all six on one store, loaded once a round.
 *
 * <p>Usage: {@code YcsbReport quick|full --jvm-flags FILE [--results FILE] [--out DIR] [--heaps DIR]
 * [--workloads DIR] [--command TEXT] [--source TEXT]}; the class path of this JVM is the children's.
 */
public final class YcsbReport {
  static final List<String> JDK_MISC_FLAGS = List.of("--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED");
  /** Huge pages for every child's Java heap; see {@link #childJvm}. */
  static final String JAVA_HEAP_HUGE_PAGES = "-XX:+UseTransparentHugePages";
  static final List<Integer> THREADS = List.of(1, 2);
  static final String WORKLOADS = "abcdef";
  /** The order the children run in: A, B, C, F before D, whose inserts change the data, as YCSB's guide runs them. */
  private static final String POINT_WORKLOADS = "abcfd";
  private static final String SCAN_WORKLOADS = "e";

  private static final String WORKLOADS_OPTION = "--workloads";
  private static final String JVM_FLAGS_OPTION = "--jvm-flags";

  private final StringBuilder text = new StringBuilder();

  private YcsbReport() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    if (args.length == 0) {
      throw new IllegalArgumentException(usage());
    }
    Settings settings = Settings.of(args[0]);
    ReportOptions options = ReportOptions.parse("YcsbReport", args, Set.of(WORKLOADS_OPTION, JVM_FLAGS_OPTION), usage());
    if (options.own(JVM_FLAGS_OPTION) == null) {
      throw new IllegalArgumentException(JVM_FLAGS_OPTION + " is required; " + usage());
    }
    Path workloads = Path.of(Objects.requireNonNullElse(options.own(WORKLOADS_OPTION), "bench/ycsb/workloads"));
    new YcsbReport().run(settings, options.results, options.out, options.heaps, workloads, Path.of(options.own(JVM_FLAGS_OPTION)), options.command, options.source());
    System.exit(0);
  }

  private static String usage() {
    return "usage: YcsbReport quick|full --jvm-flags FILE [--results FILE] [--out DIR] [--heaps DIR] [--workloads DIR] [--command TEXT] [--source TEXT]";
  }

  /**
   * Every child the same flags: jnvm's clwb needs jdk.internal.misc, the peers those of
   * peer-jvm-flags. The children of a report run this JVM's class path; {@link YcsbPair}'s run the
   * jars it compares.
   */
  static List<String> childJvm(Settings settings, Path peerFlags, String classPath) throws IOException {
    List<String> jvm = new ArrayList<>();
    jvm.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    jvm.addAll(JDK_MISC_FLAGS);
    Files.readAllLines(peerFlags, StandardCharsets.UTF_8).stream().map(String::trim).filter(l -> !l.isEmpty()).forEach(jvm::add);
    // The whole Java heap committed and touched when the JVM starts, before any clock. G1 grows its
    // young generation after the load, into memory the process has never touched, and on this VM
    // each first touch of a page is a fault of several microseconds: the first measured workload of
    // a store with a small Java heap (jnvm's) ran for seconds at a fraction of its speed while its
    // allocations faulted the new memory in, which put its p99 at 13 µs instead of 3. Pre-touching
    // alone is not enough: G1 then touches each expansion inside a pause, and one of 6.5 GB took 3.8 s.
    jvm.add("-Xms" + settings.childHeapMiB() + "m");
    jvm.add("-Xmx" + settings.childHeapMiB() + "m");
    jvm.add("-XX:+AlwaysPreTouch");
    // Huge pages for the Java heap, as Table 3's runs have. At 3M records a point operation's few
    // dependent misses land in gigabytes of Java heap (the stores' indexes and mirrors, YCSB's own
    // maps), and on 4 KiB pages each also missed the TLB: jnvm-pdt's B at 1 thread ran at 255k to
    // 339k ops/s in four children of one build, and at 415k to 471k with this flag. Every store
    // gets it; on a kernel without transparent huge pages the JVM warns and runs on small pages.
    jvm.add(JAVA_HEAP_HUGE_PAGES);
    jvm.add("-cp");
    jvm.add(classPath);
    return jvm;
  }

  private void run(Settings settings, Path resultsFile, Path out, Path heaps, Path workloads, Path peerFlags, String command, String source)
      throws IOException, InterruptedException {
    Files.createDirectories(out);
    Path log = Path.of("bench/target/" + settings.tag() + "-children.log");
    Files.createDirectories(log.getParent());
    Files.deleteIfExists(log);
    List<String> jvm = childJvm(settings, peerFlags, System.getProperty("java.class.path"));
    ChildRunner children = new ChildRunner(jvm, workloads, heaps, log);
    Instant started = Instant.now();
    String loadBefore = Environment.loadAverage();
    String threads = String.join(",", THREADS.stream().map(String::valueOf).toList());
    List<Run> runs = new ArrayList<>();
    StaleStores.clear(heaps);
    HostGate gate = HostGate.onThisHost(settings.longestHostWait(), settings.hostWaitBudget());
    List<HostCheck> checks = new ArrayList<>();
    for (int round = 1; round <= settings.rounds(); round++) {
      for (Child child : order(round)) {
        HostGate.Entry entry = gate.enter();
        long t0 = System.nanoTime();
        runs.addAll(children.run(round, child.binding(), child.map(), threads, child.letters(), settings));
        long nanos = System.nanoTime() - t0;
        HostCheck check = new HostCheck(round, child.label(), gate.leave(entry));
        checks.add(check);
        System.out.printf(Locale.ROOT, "ycsb: round %d, %s done in %.0f s (host stalled %s)%n", round, child.label(), nanos / 1e9, check.host().describe());
      }
    }
    HostState after = new HostState(Environment.loadAverage(), checks.get(checks.size() - 1).host().stalledAfter());
    Duration took = Duration.between(started, Instant.now());
    Results results = new Results(runs);
    List<Floor> floors = Floor.all(results, THREADS, WORKLOADS);
    String tag = settings.tag();
    writeRuns(results, out.resolve(tag + "-runs.csv"));
    writeFloors(floors, out.resolve(tag + "-floors.csv"));
    HostCheck.writeCsv(checks, "child", out.resolve(tag + "-host.csv"));
    YcsbPlots.throughput(results, THREADS, WORKLOADS, out.resolve(tag + "-throughput.png"));
    YcsbPlots.storeTime(results, THREADS, WORKLOADS, out.resolve(tag + "-store-time.png"));
    // The first child's check is the run's first: the host as the run started, after any wait for it.
    String load = HostState.during(new HostState(loadBefore, checks.get(0).host().stalledBefore()), after);
    new YcsbSection(text, settings, jvm, heaps, command, source, started, took, load).write(results, floors, checks);
    System.out.print(text);
    Markers.replace(resultsFile, tag, text.toString());
    System.out.println("wrote the " + tag + " section of " + resultsFile + ", and " + out + "/" + tag + "-*, in " + took.toSeconds() + " s");
  }

  /** One child JVM of a round: a binding on one map, running some workloads on a store it loads. */
  record Child(YcsbBinding binding, String map, String letters) {
    String label() {
      return label(binding, map);
    }

    /** A binding with its map, as the report names children and runs: "jnvm-pdt on skiplist", or "lmdb" for a binding with none. */
    static String label(YcsbBinding binding, String map) {
      return map.equals("-") ? binding.id() : binding.id() + " on " + map;
    }
  }


  /** The children of round {@code round} (from 1): in the bindings' order, and in reverse in every even round. */
  static List<Child> order(int round) {
    List<Child> order = children();
    if (round % 2 == 0) {
      Collections.reverse(order);
    }
    return order;
  }

  /**
   * A round's children in the bindings' order: jnvm-pdt, jnvm-fa and volatile once on the hash map
   * for the point workloads and once on the ordered map for E; the rest once.
   */
  private static List<Child> children() {
    List<Child> children = new ArrayList<>();
    for (YcsbBinding binding : YcsbBinding.values()) {
      if (binding.configurable()) {
        children.add(new Child(binding, MapKind.CONCURRENTHASH.id(), POINT_WORKLOADS));
        children.add(new Child(binding, MapKind.SKIPLIST.id(), SCAN_WORKLOADS));
      } else {
        children.add(new Child(binding, "-", POINT_WORKLOADS + SCAN_WORKLOADS));
      }
    }
    return children;
  }

  /** Every round as measured, then every run with its rounds together (round "all"). */
  private static void writeRuns(Results results, Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("binding,map,round,threads,workload,operations,seconds,ops_per_s,us_per_op,store_only_us_per_op,p50_us,p99_us,failed,"
        + "gc_pause_share,client_on_cpu_share,steal_share");
    for (List<Run> part : List.of(results.measured(), results.combined())) {
      for (Run r : part) {
        lines.add(String.join(",", r.binding().id(), r.map(), r.round() == Run.ALL_ROUNDS ? "all" : Integer.toString(r.round()), Integer.toString(r.threads()),
            String.valueOf(r.workload()), Long.toString(r.ops()), num(r.seconds()), num(r.opsPerSecond()), num(r.microsPerOp()),
            num(results.storeMicrosPerOp(r)), num(r.p50Us()), num(r.p99Us()), Long.toString(r.failed()), num(r.gcPauseShare()), num(r.clientOnCpuShare()),
            num(r.time().stealShare())));
      }
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  private static void writeFloors(List<Floor> floors, Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("threads,workload,comparison,ratio,floor,verdict,note");
    for (Floor f : floors) {
      lines.add(String.join(",", Integer.toString(f.threads()), String.valueOf(f.workload()), '"' + f.what() + '"', num(f.ratio()), num(f.floor()),
          f.verdict().replace("*", ""), '"' + f.note() + '"'));
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  static String num(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
  }

  /** The date, as the other sections give it. */
  static String date(Instant started) {
    return started.truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
