package org.jnvm.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.jnvm.heap.HeapConfig;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the pdt benchmarks ({@link PdtMapBench}, {@link PdtMapChurnBench}, {@link PdtListBench})
 * through JMH's Runner API and rewrites the pdt section of RESULTS.md, between the {@code pdt}
 * markers ({@code pdt-jdk25} on JDK 25: see {@link Markers#name(String, String, int)}); the
 * markers are added at the end of the file if it has none, and the rest of the file is left as it
 * is.
 *
 * <p>Usage: {@code PdtReport [--results FILE] [--command TEXT] [--source TEXT] [--quick]}. {@code
 * --quick} runs every benchmark with tiny iterations and prints the section without writing it.
 */
public final class PdtReport {
  private static final String SECTION = Markers.name("pdt", "quick");
  private static final double FLOOR = 0.67;
  /** The key counts of {@link PdtMapBench.Filled#entries}, as JMH's parameter values. */
  private static final List<String> SIZES = List.of("65536", "1048576");
  private static final String[][] MAPS = {
    {"hash", "PHashMap", "HashMap"},
    {"tree", "PTreeMap", "TreeMap"},
    {"skiplist", "PSkipListMap", "ConcurrentSkipListMap"},
    {"concurrenthash", "PConcurrentHashMap", "ConcurrentHashMap"},
  };

  private final List<RunResult> results = new ArrayList<>();
  private final Map<String, String> notes = new LinkedHashMap<>();
  private final StringBuilder text = new StringBuilder();

  private PdtReport() {}

  public static void main(String[] args) throws IOException, RunnerException {
    Path file = Path.of("bench/RESULTS.md");
    String command = null;
    String source = null;
    boolean quick = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--results" -> file = Path.of(args[++i]);
        case "--command" -> command = args[++i];
        case "--source" -> source = args[++i];
        case "--quick" -> quick = true;
        default -> throw new IllegalArgumentException("unknown argument " + args[i] + "; usage: PdtReport [--results FILE] [--command TEXT] [--source TEXT] [--quick]");
      }
    }
    if (command == null) {
      command = String.join(" ", ProcessHandle.current().info().command().orElse("java"), String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()),
          "-cp", System.getProperty("java.class.path"), PdtReport.class.getName(), String.join(" ", args)).trim();
    }
    new PdtReport().run(file, command, source != null ? source : Environment.gitState(), quick);
  }

  private void run(Path file, String command, String source, boolean quick) throws IOException, RunnerException {
    String runId = UUID.randomUUID().toString().substring(0, 8);
    Path notesFile = Files.createTempFile("jnvm-pdt-notes-", ".txt");
    Instant started = Instant.now();
    StaleStores.clear(BenchEnv.shmDir());
    HostState before = HostState.now();
    try {
      List<String> jvmArgs = new ArrayList<>(BenchEnv.jdkMiscFlags());
      jvmArgs.add("-D" + BenchEnv.NOTES + "=" + notesFile);
      jvmArgs.add("-D" + BenchEnv.RUN + "=" + runId);
      UnaryOperator<ChainedOptionsBuilder> common =
          o -> {
            o.forks(1).shouldFailOnError(true).jvmArgsAppend(jvmArgs.toArray(new String[0]));
            if (quick) {
              o.warmupIterations(1).measurementIterations(2).warmupTime(TimeValue.milliseconds(100)).measurementTime(TimeValue.milliseconds(100));
            }
            return o;
          };
      // Every benchmark with its defaults: both sides, every map, the CACHED policy.
      measure(common.apply(new OptionsBuilder().include(only(PdtMapBench.class)).include(only(PdtMapChurnBench.class)).include(only(PdtListBench.class))));
      // The other two policies, for get on the persistent hash map.
      measure(common.apply(new OptionsBuilder().include(only(PdtMapBench.class) + "get$").param("map", "hash").param("side", "jnvm").param("policy", "BASE", "EAGER")
          .param("entries", SIZES.get(0))));
      // The persistent hash map without write-backs or fences, to tell pdt's own costs from durability's.
      measure(common.apply(new OptionsBuilder().include(only(PdtMapBench.class) + "(get|put)$").param("map", "hash").param("side", "jnvm").param("backend", "none")));
    } finally {
      deleteHeapsOf(runId);
    }
    Duration took = Duration.between(started, Instant.now());
    for (String line : Files.readAllLines(notesFile, StandardCharsets.UTF_8)) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        notes.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    Files.deleteIfExists(notesFile);
    String load = HostState.during(before, HostState.now());

    write(command, source, started, took, load);
    System.out.println();
    System.out.print(text);
    if (quick) {
      System.out.println("(--quick: " + file + " left unchanged)");
      return;
    }
    Markers.replace(file, SECTION, text.toString());
    System.out.println("wrote the " + SECTION + " section of " + file + " in " + took.toMinutes() + " min " + took.toSecondsPart() + " s");
  }

  private void measure(ChainedOptionsBuilder options) throws RunnerException {
    results.addAll(new Runner(options.build()).run());
  }

  private static String only(Class<?> benchmarks) {
    return "^" + benchmarks.getName().replace(".", "\\.") + "\\.";
  }

  private static void deleteHeapsOf(String runId) throws IOException {
    try (DirectoryStream<Path> heaps = Files.newDirectoryStream(BenchEnv.shmDir(), BenchEnv.FILE_PREFIX + runId + "-*.heap")) {
      for (Path heap : heaps) {
        Files.deleteIfExists(heap);
      }
    }
  }

  // ------------------------------------------------------------------ the section

  private void write(String command, String source, Instant started, Duration took, String load) {
    BenchmarkParams p = results.get(0).getParams();
    add(Markers.begin(SECTION));
    add("## Persistent data types (pdt)");
    add("");
    add("Written by `org.jnvm.bench.PdtReport` (bench/run-pdt); do not edit by hand, run it again.");
    add("");
    add("- Command: `" + command + "`");
    add("- Date: " + started.truncatedTo(ChronoUnit.SECONDS) + " (UTC); the run took " + took.toMinutes() + " min " + took.toSecondsPart() + " s.");
    add("- Source: " + source + ".");
    add("- Machine: " + Environment.machine() + "; " + load
        + ". Every benchmark runs one thread, so a load above 1 is other work sharing the CPUs.");
    add("- JDK: " + p.getVmName() + " " + p.getVmVersion() + " (JDK " + p.getJdkVersion() + "), `" + p.getJvm() + "`.");
    add("- JMH " + p.getJmhVersion() + ", one fork per benchmark and parameter set, with `" + String.join(" ", BenchEnv.jdkMiscFlags())
        + "`; warm-up and measurement as the benchmark classes' annotations say. Errors are JMH's 99.9% confidence half-intervals.");
    add("- Heap: a " + (PdtData.HEAP_BYTES >> 20) + " MiB file (" + (PdtData.heapBytes(Integer.parseInt(SIZES.get(1))) >> 20) + " MiB for "
        + keys(SIZES.get(1)) + " keys) in " + note("pdt.dir") + ", " + HeapConfig.DEFAULT_BLOCK_SIZE
        + "-byte blocks, backend " + note("pdt.backend.clwb") + ": every change is durable. " + Environment.writeBack(p.getJvm()));
    add("- Data (`PdtData`): " + String.format(Locale.ROOT, "%,d", PdtData.ENTRIES) + " keys (`PdtMapBench` also " + keys(SIZES.get(1))
        + ", its `entries` parameter, where the java.util map's own cache misses weigh more) of " + PdtData.KEY_CHARS + " characters and two values per key of "
        + PdtData.VALUE_CHARS + " characters, all `PString`s, built and published before anything is measured. The persistent map and its "
        + "`java.util` counterpart hold the very same key and value objects and visit the keys in the same random order. Persistent maps "
        + "use the `CACHED` policy unless a table says otherwise. Once a map is filled, its trial runs a full collection (`System.gc()`), "
        + "on both sides, so that a figure does not depend on where the collector last left the live objects.");
    add("");
    mapThroughput();
    mapChurn();
    policies();
    list();
    floor();
    add(Markers.end(SECTION));
  }

  private void mapThroughput() {
    add("### Maps: get and put");
    add("");
    add("`PdtMapBench`: `get` of a present key, and `put` that replaces a present key's value (an update: one atomic reference "
        + "update of the pair's value in the persistent map). Throughput, higher is better; ratio = persistent / java.util. The floor "
        + "(issue 5) is " + FLOOR + "x for get and put on the hash map.");
    add("");
    add("| persistent map | java.util map | keys | operation | persistent (ops/µs) | java.util (ops/µs) | persistent ns/op | java.util ns/op | ratio | floor " + FLOOR + "x |");
    add("|---|---|---:|---|---:|---:|---:|---:|---:|---|");
    for (String[] m : MAPS) {
      for (String size : SIZES) {
        for (String op : List.of("get", "put")) {
          RunResult j = result("PdtMapBench." + op, "map", m[0], "entries", size, "side", "jnvm", "policy", "CACHED", "backend", "clwb");
          RunResult v = result("PdtMapBench." + op, "map", m[0], "entries", size, "side", "java");
          double ratio = score(j) / score(v);
          String floor = m[0].equals("hash") ? (ratio >= FLOOR ? "met" : "**not met**") : "";
          add("| " + m[1] + " | " + m[2] + " | " + keys(size) + " | " + op + " | " + withError(j) + " | " + withError(v) + " | " + num(1000 / score(j)) + " | "
              + num(1000 / score(v)) + " | " + ratio(ratio) + " | " + floor + " |");
        }
      }
    }
    add("");
  }

  private void mapChurn() {
    add("### Maps: insert and remove");
    add("");
    add("`PdtMapChurnBench`: `put` of an absent key (an insert: a new pair, published by one atomic update of a slot) and `remove` "
        + "of a present one (one atomic update of the slot to null, then the pair is freed; key and value stay). Each JMH shot "
        + "(`SingleShotTime`) is a batch of " + String.format(Locale.ROOT, "%,d", PdtMapChurnBench.BATCH)
        + " calls, every key once, into the emptied map or out of the refilled one; emptying and refilling are outside the shots. "
        + "Per-call figures are the shot's time divided by the batch; ratio = persistent / java.util throughput.");
    add("");
    add("| persistent map | java.util map | operation | persistent ns/op | java.util ns/op | persistent (ops/µs) | java.util (ops/µs) | ratio |");
    add("|---|---|---|---:|---:|---:|---:|---:|");
    for (String[] m : MAPS) {
      for (String op : List.of("insert", "remove")) {
        RunResult j = result("PdtMapChurnBench." + op, "map", m[0], "side", "jnvm");
        RunResult v = result("PdtMapChurnBench." + op, "map", m[0], "side", "java");
        add("| " + m[1] + " | " + m[2] + " | " + op + " | " + perCall(j, PdtMapChurnBench.BATCH) + " | " + perCall(v, PdtMapChurnBench.BATCH) + " | "
            + num(perMicro(j, PdtMapChurnBench.BATCH)) + " | " + num(perMicro(v, PdtMapChurnBench.BATCH)) + " | "
            + ratio(perMicro(j, PdtMapChurnBench.BATCH) / perMicro(v, PdtMapChurnBench.BATCH)) + " |");
      }
    }
    add("");
  }

  private void policies() {
    add("### PHashMap get by caching policy");
    add("");
    add("`PdtMapBench.get` on the persistent hash map of strings under each policy: `BASE` makes a fresh value proxy from the "
        + "heap's headers on every get; `CACHED` keeps, from the first get of a key, where an immutable value such as these "
        + "strings is, with its class and size, and makes a fresh proxy from that on every get (it keeps the proxy itself "
        + "only of a mutable value); `EAGER` made every proxy when the map was filled or resurrected, and keeps them; "
        + keys(SIZES.get(0)) + " keys. The get returns the proxy and reads none of the string.");
    add("");
    add("| policy | ops/µs | ns/op | ratio to HashMap |");
    add("|---|---:|---:|---:|");
    String size = SIZES.get(0);
    double java = score(result("PdtMapBench.get", "map", "hash", "entries", size, "side", "java"));
    for (String policy : List.of("BASE", "CACHED", "EAGER")) {
      RunResult r = result("PdtMapBench.get", "map", "hash", "entries", size, "side", "jnvm", "policy", policy, "backend", "clwb");
      add("| " + policy + " | " + withError(r) + " | " + num(1000 / score(r)) + " | " + ratio(score(r) / java) + " |");
    }
    add("");
  }

  private void list() {
    add("### PArrayList");
    add("");
    add("`PdtListBench`: `get` and `set` (the atomic update of one element) at random indexes of a list of "
        + String.format(Locale.ROOT, "%,d", PdtData.ENTRIES) + " elements, throughput; `add` at the end, a batch of "
        + String.format(Locale.ROOT, "%,d", PdtListBench.BATCH) + " per shot into a list emptied before it (both grow from nothing: "
        + "the persistent list by atomic updates to larger copies), per call. Ratio = persistent / ArrayList throughput.");
    add("");
    add("| operation | PArrayList (ops/µs) | ArrayList (ops/µs) | PArrayList ns/op | ArrayList ns/op | ratio |");
    add("|---|---:|---:|---:|---:|---:|");
    for (String op : List.of("get", "set")) {
      RunResult j = result("PdtListBench." + op, "side", "jnvm");
      RunResult v = result("PdtListBench." + op, "side", "java");
      add("| " + op + " | " + withError(j) + " | " + withError(v) + " | " + num(1000 / score(j)) + " | " + num(1000 / score(v)) + " | "
          + ratio(score(j) / score(v)) + " |");
    }
    RunResult j = result("PdtListBench.add", "side", "jnvm");
    RunResult v = result("PdtListBench.add", "side", "java");
    add("| add | " + num(perMicro(j, PdtListBench.BATCH)) + " | " + num(perMicro(v, PdtListBench.BATCH)) + " | " + perCall(j, PdtListBench.BATCH)
        + " | " + perCall(v, PdtListBench.BATCH) + " | " + ratio(perMicro(j, PdtListBench.BATCH) / perMicro(v, PdtListBench.BATCH)) + " |");
    add("");
  }

  private void floor() {
    RunResult update = result("PdtMapBench.durableUpdate");
    double u = 1000 / score(update);
    add("### Where the time of a hash map operation goes");
    add("");
    add("`PdtMapBench.durableUpdate` is `PArray.update` of one slot: the atomic reference update that every persistent put and remove "
        + "ends with (pfence, store, write-back; the values stored are published already), and nothing else. The persistent hash map "
        + "is also measured on a heap with backend `none` (" + note("pdt.backend.none") + "): the same code without write-backs or "
        + "fences, which is pdt's own cost and not durable. A put that spent nothing beyond java.util's work and one durable update "
        + "would take the java.util time plus the update's; that bounds the ratio a durable put can reach on this machine.");
    add("");
    add("| measured | keys | ops/µs | ns/op | ratio to java.util |");
    add("|---|---:|---:|---:|---:|");
    for (String size : SIZES) {
      for (String op : List.of("get", "put")) {
        RunResult v = result("PdtMapBench." + op, "map", "hash", "entries", size, "side", "java");
        RunResult none = result("PdtMapBench." + op, "map", "hash", "entries", size, "side", "jnvm", "backend", "none");
        RunResult clwb = result("PdtMapBench." + op, "map", "hash", "entries", size, "side", "jnvm", "policy", "CACHED", "backend", "clwb");
        String k = " | " + keys(size) + " | ";
        add("| HashMap " + op + k + withError(v) + " | " + num(1000 / score(v)) + " | " + ratio(1) + " |");
        add("| PHashMap " + op + ", backend none (not durable)" + k + withError(none) + " | " + num(1000 / score(none)) + " | " + ratio(score(none) / score(v)) + " |");
        add("| PHashMap " + op + ", backend clwb" + k + withError(clwb) + " | " + num(1000 / score(clwb)) + " | " + ratio(score(clwb) / score(v)) + " |");
      }
    }
    add("| durable update alone (clwb) | | " + withError(update) + " | " + num(u) + " | |");
    add("");
    add("| map | keys | java.util put ns/op | bound: java / (java + update) | measured put ratio | persistent put ns/op beyond java.util + update |");
    add("|---|---:|---:|---:|---:|---:|");
    for (String[] m : MAPS) {
      for (String size : SIZES) {
        double j = 1000 / score(result("PdtMapBench.put", "map", m[0], "entries", size, "side", "jnvm", "policy", "CACHED", "backend", "clwb"));
        double v = 1000 / score(result("PdtMapBench.put", "map", m[0], "entries", size, "side", "java"));
        add("| " + m[1] + " | " + keys(size) + " | " + num(v) + " | " + ratio(v / (v + u)) + " | " + ratio(v / j) + " | " + num(j - v - u) + " |");
      }
    }
    add("");
  }

  // ------------------------------------------------------------------ results

  /** The one result of {@code benchmark} (class.method) whose parameters include those given as name, value pairs. */
  private RunResult result(String benchmark, String... params) {
    List<RunResult> found = new ArrayList<>();
    for (RunResult r : results) {
      BenchmarkParams p = r.getParams();
      String name = p.getBenchmark();
      boolean matches = name.endsWith("." + benchmark);
      for (int i = 0; matches && i < params.length; i += 2) {
        matches = params[i + 1].equals(p.getParam(params[i]));
      }
      if (matches) {
        found.add(r);
      }
    }
    if (found.size() != 1) {
      throw new IllegalStateException(found.size() + " results for " + benchmark + " " + Arrays.toString(params));
    }
    return found.get(0);
  }

  private String note(String key) {
    return Optional.ofNullable(notes.get(key)).orElse("?");
  }

  private static double score(RunResult r) {
    return r.getPrimaryResult().getScore();
  }

  private static String withError(RunResult r) {
    Result<?> primary = r.getPrimaryResult();
    return num(primary.getScore()) + (Double.isNaN(primary.getScoreError()) ? "" : " ± " + num(primary.getScoreError()));
  }

  /** A single-shot batch's time per call, in ns, with its error; the shots are timed in ms. */
  private static String perCall(RunResult r, int batch) {
    Result<?> primary = r.getPrimaryResult();
    double scale = 1e6 / batch;
    return num(primary.getScore() * scale) + (Double.isNaN(primary.getScoreError()) ? "" : " ± " + num(primary.getScoreError() * scale));
  }

  /** A single-shot batch's calls per µs. */
  private static double perMicro(RunResult r, int batch) {
    return batch / (score(r) * 1000);
  }

  /** A key count, as JMH's parameter value, with thousands separators. */
  private static String keys(String size) {
    return String.format(Locale.ROOT, "%,d", Integer.parseInt(size));
  }

  private static String num(double v) {
    return CoreReport.num(v);
  }

  private static String ratio(double v) {
    return String.format(Locale.ROOT, "%.2fx", v);
  }

  private void add(String line) {
    text.append(line).append('\n');
  }
}
