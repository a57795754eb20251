package org.jnvm.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.jnvm.errors.PersistenceUnavailableException;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.heap.alloc.BlockAllocator;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the runtime-core benchmarks ({@link FieldAccessBench}, {@link AllocFreeBench}, {@link
 * PwbPfenceBench}, {@link RecoveryBench}, {@link FailureAtomicBench}) through the JMH Runner API,
 * one fork each, and rewrites the "Runtime core" section of RESULTS.md: the part between the {@code
 * core} markers ({@code core-jdk25} on JDK 25: see {@link Markers#name(String, String, int)}).
 * Everything else in the file belongs to other generators and is kept as it is.
 *
 * <p>Usage: {@code CoreReport [--results FILE] [--command TEXT] [--source TEXT] [--quick] [--include
 * REGEX]}; {@code --source} describes the code measured (by default, git's view of this tree).
 * {@code --quick} (tiny iterations, 100k objects; prints the tables) and {@code --include} (runs
 * the matching benchmarks only; prints JMH's summary) are for trying things out and never write
 * the file. Every figure written comes from the run.
 */
public final class CoreReport {
  private static final String SECTION = Markers.name("core", "quick");
  private static final String FILE_HEADER =
      """
      # jnvm benchmark results

      Every figure in this file is written by a program from a benchmark run; none is typed by hand.
      Each generator owns one section, between its own `<!-- NAME:begin -->` and `<!-- NAME:end -->`
      markers, and rewrites only that section; sections for the processor, pdt and YCSB go
      below, each between markers of its own.

      """;

  private final Map<String, RunResult> results = new LinkedHashMap<>();
  private final Map<String, String> notes = new LinkedHashMap<>();
  private final StringBuilder out = new StringBuilder();

  private CoreReport() {}

  public static void main(String[] args) throws IOException, RunnerException {
    Path resultsFile = Path.of("bench/RESULTS.md");
    String command = null;
    String include = null;
    String source = null;
    boolean quick = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--results" -> resultsFile = Path.of(args[++i]);
        case "--command" -> command = args[++i];
        case "--source" -> source = args[++i];
        case "--include" -> include = args[++i];
        case "--quick" -> quick = true;
        default -> throw new IllegalArgumentException("unknown argument " + args[i] + "; usage: CoreReport [--results FILE] [--command TEXT] [--source TEXT] [--quick] [--include REGEX]");
      }
    }
    if (command == null) {
      command = "java " + String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()) + " -cp "
          + System.getProperty("java.class.path") + " " + CoreReport.class.getName() + " " + String.join(" ", args);
    }
    new CoreReport().run(resultsFile, command, source == null ? sourceState() : source, include, quick);
  }

  private void run(Path resultsFile, String command, String source, String include, boolean quick) throws IOException, RunnerException {
    String runId = UUID.randomUUID().toString().substring(0, 8);
    Path notesFile = Files.createTempFile("jnvm-bench-notes-", ".txt");
    String patched = patchedUnavailable();
    Instant started = Instant.now();
    StaleStores.clear(BenchEnv.shmDir());
    HostState before = HostState.now();
    long start = System.nanoTime();

    List<String> forkArgs = new ArrayList<>(BenchEnv.jdkMiscFlags());
    forkArgs.add("-D" + BenchEnv.NOTES + "=" + notesFile);
    forkArgs.add("-D" + BenchEnv.RUN + "=" + runId);
    ChainedOptionsBuilder options =
        new OptionsBuilder()
            .forks(1)
            .shouldFailOnError(true)
            .jvmArgsAppend(forkArgs.toArray(new String[0]));
    if (include != null) {
      options.include(include);
    } else {
      for (Class<?> c : List.of(FieldAccessBench.class, AllocFreeBench.class, PwbPfenceBench.class, RecoveryBench.class,
          FailureAtomicBench.class, PublishBench.class)) {
        options.include("^" + c.getName().replace(".", "\\.") + "\\.");
      }
    }
    if (patched == null) {
      options.param("persistBackend", "clwb", "msync", "none", "patched");
    }
    if (quick) {
      options.warmupIterations(1).measurementIterations(2).warmupTime(TimeValue.milliseconds(200))
          .measurementTime(TimeValue.milliseconds(200)).param("objects", "100000");
    }
    Collection<RunResult> run;
    try {
      run = new Runner(options.build()).run();
    } finally {
      removeLeftovers(runId);
    }
    long elapsed = System.nanoTime() - start;
    String load = HostState.during(before, HostState.now());
    for (RunResult r : run) {
      results.put(key(r), r);
    }
    for (String line : Files.readAllLines(notesFile, StandardCharsets.UTF_8)) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        notes.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    Files.deleteIfExists(notesFile);

    if (include != null) {
      System.out.println("(--include: a partial run makes no tables; " + resultsFile + " left unchanged)");
      return;
    }
    section(command, source, started, elapsed, load, patched);
    System.out.println();
    System.out.println(out);
    if (quick) {
      System.out.println("(--quick: " + resultsFile + " left unchanged)");
      return;
    }
    write(resultsFile);
    System.out.println("wrote the " + SECTION + " section of " + resultsFile + " (" + formatDuration(elapsed) + ")");
  }

  // ------------------------------------------------------------------ the section

  private void section(String command, String source, Instant started, long elapsed, String load, String patched) {
    line(Markers.begin(SECTION));
    line("## Runtime core");
    line("");
    line("Written by `org.jnvm.bench.CoreReport` (bench/run-core); do not edit by hand, run it again.");
    line("");
    line("- Command: `" + command + "`");
    line("- Date: " + started.truncatedTo(ChronoUnit.SECONDS) + " (UTC); the whole run took " + formatDuration(elapsed) + ".");
    line("- Source: " + source + ".");
    line("- Machine: " + cpuModel() + ", " + cpuCount() + " logical CPUs (" + Runtime.getRuntime().availableProcessors()
        + " available to the JVM), " + memTotal() + " of memory; " + System.getProperty("os.name") + " " + System.getProperty("os.version")
        + "; " + load + " (anything above the benchmark's own 1 is other work sharing the CPUs).");
    line("- JDK: " + anyParams().getVmName() + " " + anyParams().getVmVersion() + " (JDK " + anyParams().getJdkVersion() + ", "
        + System.getProperty("java.vendor") + "), `" + anyParams().getJvm() + "`.");
    line("- JMH " + anyParams().getJmhVersion() + ": one fork per benchmark and parameter set; the settings of each table are the benchmark class's annotations. "
        + "Forks get `" + String.join(" ", BenchEnv.jdkMiscFlags()) + "`. jnvm's logging is set to WARNING in the forks.");
    line("- Error columns are JMH's 99.9% confidence half-intervals over the measured iterations.");
    line("");
    fieldAccess();
    proxyAccess();
    allocFree();
    pwbPfence(patched);
    recovery();
    failureAtomic();
    publication();
    line(Markers.end(SECTION));
  }

  private void fieldAccess() {
    line("### 1. Field access");
    line("");
    line("A long field of a one-block proxy written by hand (`BenchNode`, the pattern of generated proxies: direct access to the master "
        + "block, granted by the handle through `DirectAccess`, and `Handle.getLong`/`putLong` otherwise) read and written through its "
        + "accessor, against `sun.misc.Unsafe` `getLong`/`putLong` (through `org.jnvm.memory.Memory`) "
        + "at the same address, from `handle.address(off, 8)`, in a JVM where no failure-atomic block ran (see 1b). Heap: " + note("field.dir") + ", backend " + note("field.backend")
        + ". Reads return the value; writes store a counter. Throughput, higher is better; ratio = accessor / raw; floor: accessor >= 0.8x raw. "
        + "A proxy reaches its field through one more load than raw Unsafe does: the base it keeps. The diagnostic column does that load "
        + "and nothing else: raw Unsafe at the address kept in a plain Java object (`AddressCell`), without jnvm's checks.");
    line("");
    line("| operation | accessor (ops/µs) | raw Unsafe (ops/µs) | accessor / raw | floor 0.8x | diagnostic: raw Unsafe, address in a Java object (ops/µs) | its ratio to raw | accessor / it |");
    line("|---|---:|---:|---:|---|---:|---:|---:|");
    for (String op : List.of("read", "write")) {
      RunResult a = result("FieldAccessBench." + op + "Accessor", "faBefore", "false");
      RunResult r = result("FieldAccessBench." + op + "Raw", "faBefore", "false");
      RunResult held = result("FieldAccessBench." + op + "RawHeld", "faBefore", "false");
      double ratio = score(a) / score(r);
      line("| " + op + " | " + withError(a) + " | " + withError(r) + " | " + ratio(ratio) + " | " + (ratio >= 0.8 ? "met" : "**not met**")
          + " | " + withError(held) + " | " + ratio(score(held) / score(r)) + " | " + ratio(score(a) / score(held)) + " |");
    }
    line("");
  }

  private void proxyAccess() {
    line("### 1b. Generated proxy accessors");
    line("");
    line("A long field of a processor-generated proxy (`BenchCellProxy`, of `@Persistent BenchCell`) read and written outside any "
        + "failure-atomic block, against raw Unsafe at the same address and against the field of a plain Java object (`PlainCell`). "
        + "Heap on /dev/shm, backend none. Generated accessors use their direct access to the master block while their thread is not "
        + "inside a failure-atomic block: until the first block of the JVM starts, that test is a constant the JIT folds away; after "
        + "it, it is a load of the calling thread's slot in a table of counts of threads in blocks (a slot per thread id, on cache "
        + "lines of its own), and only while that is not 0 a thread-local lookup of whether the calling thread is in one, whose "
        + "accessors then go through the handle (which looks for the block's in-flight copies). The "
        + "second row of each operation ran one block before measuring. Throughput, higher is better; floor: proxy >= 0.8x raw Unsafe.");
    line("");
    line("| operation | a block ran before | proxy (ops/µs) | raw Unsafe (ops/µs) | plain Java field (ops/µs) | proxy / raw | proxy / plain | floor 0.8x raw |");
    line("|---|---|---:|---:|---:|---:|---:|---|");
    for (String op : List.of("read", "write")) {
      for (String before : List.of("false", "true")) {
        RunResult proxy = result("FieldAccessBench." + op + "Proxy", "faBefore", before);
        RunResult raw = result("FieldAccessBench." + op + "Raw", "faBefore", before);
        RunResult plain = result("FieldAccessBench." + op + "Plain", "faBefore", before);
        double ratio = score(proxy) / score(raw);
        line("| " + op + " | " + ("true".equals(before) ? "yes" : "no") + " | " + withError(proxy) + " | " + withError(raw) + " | "
            + withError(plain) + " | " + ratio(ratio) + " | " + ratio(score(proxy) / score(plain)) + " | "
            + (ratio >= 0.8 ? "met" : "**not met**") + " |");
      }
    }
    line("");
  }

  private void failureAtomic() {
    line("### 5. Failure-atomic blocks");
    line("");
    line("Updates of a valid, rooted object of three 256 B blocks (`Wide720`, 90 long fields), durable when the operation returns: "
        + "in a failure-atomic block (in-flight copy of each block written, redo log naming the lines written in each copy; "
        + "a block that allocates nothing seals its log and commits with three fences, and for one field writes back four lines: "
        + "the copy's, the log's, the original's, the log's again; see `org.jnvm.fa.Transaction`) "
        + "against the same stores done with the low-level interface (store, pwb of each line written, one pfence). Backend "
        + note("fa.clwb.backend") + ", heap on /dev/shm. Average time, lower is better; ratio = failure-atomic / low-level. "
        + "Goal: within 1.5x on a single-object update; the paper's hand-made structures were up to 65% faster than its failure-atomic ones.");
    line("");
    line("| update | failure-atomic (ns/op) | low-level (ns/op) | failure-atomic / low-level | goal 1.5x |");
    line("|---|---:|---:|---:|---|");
    for (String[] op : List.of(new String[] {"oneField", "one field"}, new String[] {"tenFields", "ten fields over three blocks"})) {
      RunResult fa = result("FailureAtomicBench." + op[0] + "FailureAtomic", "faBackend", "clwb");
      RunResult low = result("FailureAtomicBench." + op[0] + "LowLevel", "faBackend", "clwb");
      double ratio = score(fa) / score(low);
      line("| " + op[1] + " | " + withError(fa) + " | " + withError(low) + " | " + ratio(ratio) + " | " + (ratio <= 1.5 ? "met" : "**not met**") + " |");
    }
    line("");
    RunResult floor = result("FailureAtomicBench.oneFieldFlushFloor", "faBackend", "clwb");
    RunResult low = result("FailureAtomicBench.oneFieldLowLevel", "faBackend", "clwb");
    line("Floor of a one-field commit: its stores, write-backs and fences alone (4 lines, 3 fences; `oneFieldFlushFloor`) take "
        + withError(floor) + " ns/op, " + ratio(score(floor) / score(low)) + " the low-level path (1 line, 1 fence).");
    line("");
  }

  private void publication() {
    line("### 6. Publication");
    line("");
    line("A new table of ten references (`RefTable`, one block) published by `Handle.updateRef` into a rooted holder (publish, "
        + "pfence, store, pwb), then the table it replaced freed; backend " + note("publish.clwb.backend") + ", heap on /dev/shm. "
        + "Publication publishes the new objects a new object reaches: it reads no other header when the table's handle saw every "
        + "child valid, one header per child when it did not (proxies made from shapes), and writes back and validates each new "
        + "child. Average time, lower is better.");
    line("");
    line("| the ten children | ns/op | ratio |");
    line("|---|---:|---|");
    RunResult seen = result("PublishBench.validChildren", "publishBackend", "clwb");
    RunResult unseen = result("PublishBench.validChildrenUnseen", "publishBackend", "clwb");
    RunResult fresh = result("PublishBench.newChildren", "publishBackend", "clwb");
    RunResult byHand = result("PublishBench.newChildrenByHand", "publishBackend", "clwb");
    line("| valid, seen valid by their proxies | " + withError(seen) + " | |");
    line("| valid, through proxies that read no header | " + withError(unseen) + " | " + ratio(score(unseen) / score(seen)) + " the row above |");
    line("| new, published by the walk | " + withError(fresh) + " | " + ratio(score(fresh) / score(byHand)) + " the row below |");
    line("| new, each written back and validated by the program first | " + withError(byHand) + " | |");
    line("");
  }

  private void allocFree() {
    line("### 2. Allocation plus free");
    line("");
    line("`new Wide256(heap)` then `heap.free(x)` (one 256 B block; 30 long fields) against `new Plain256()`, a Java object of 30 long fields, "
        + plainSize() + "; both are returned to JMH. Heap: " + note("alloc.dir") + ". A freed block is reusable only after "
        + "the freeing thread's next pfence; the benchmark never fences, the heap does it by itself every "
        + BlockAllocator.LIMBO_LIMIT + " frees (`BlockAllocator.LIMBO_LIMIT`), and that fence and the release of the "
        + BlockAllocator.LIMBO_LIMIT + " blocks are part of the measured cost. In steady state every allocation reuses a block, so it zeroes it. "
        + "Throughput, higher is better; ratio = jnvm / Java.");
    line("");
    line("| backend | jnvm new + free (ops/µs) | ns/op | Java new 256 B (ops/µs) | ns/op | jnvm / Java | blocks taken from the bump pointer |");
    line("|---|---:|---:|---:|---:|---:|---:|");
    RunResult plain = result("AllocFreeBench.plainNew");
    for (String backend : List.of("none", "clwb")) {
      RunResult j = result("AllocFreeBench.allocFree", "backend", backend);
      line("| " + note("alloc." + backend + ".backend") + " | " + withError(j) + " | " + num(1000 / score(j)) + " | "
          + withError(plain) + " | " + num(1000 / score(plain)) + " | " + ratio(score(j) / score(plain)) + " | "
          + note("alloc." + backend + ".bumpBlocks") + " |");
    }
    line("");
  }

  private void pwbPfence(String patched) {
    line("### 3. Store + pwb + pfence");
    line("");
    line("A long stored into an object's field, `pwb` of its line and `pfence`, through the heap's `Persistence` backend, against the "
        + "store alone on a heap with backend none (" + note("pwb.none.dir") + "). Average time, lower is better; ratio = cost / store alone. "
        + "The disk directory for msync is " + note("pwb.msync.dir") + ". " + writebackInstruction());
    line("");
    line("| backend | bound as | heap file on | ns/op | ratio to the store alone |");
    line("|---|---|---|---:|---:|");
    RunResult store = result("PwbPfenceBench.store");
    line("| store alone (baseline) | " + note("pwb.none.backend") + " | " + note("pwb.none.dir") + " | " + withError(store) + " | " + ratio(1.0) + " |");
    List<String> backends = new ArrayList<>(List.of("clwb", "msync", "none"));
    if (patched == null) {
      backends.add("patched");
    }
    for (String b : backends) {
      RunResult r = result("PwbPfenceBench.storePwbPfence", "persistBackend", b);
      line("| " + b + " | " + note("pwb." + b + ".backend") + " | " + note("pwb." + b + ".dir") + " | " + withError(r) + " | "
          + ratio(score(r) / score(store)) + " |");
    }
    if (patched != null) {
      line("| patched | skipped: " + patched.replace('|', '/') + " | | | |");
    }
    line("");
  }

  private void recovery() {
    line("### 4. Recovery");
    line("");
    line("`Heap.open` of a heap holding N live one-block nodes (`BenchNode`), all referenced from one root array (`RefTable`, a tail "
        + "of N references), with the default recovery (GC: traversal from the roots, then a sweep of the headers) and with "
        + "`RecoveryMode.NO_GC` (header scan), against one sequential read of the heap's used bytes (`bumpPointer() * blockSize`, "
        + "metadata included; every 8-byte word summed, through fresh read-only 1 GiB mappings). Heap on " + note("recovery.dir")
        + ", backend " + note("recovery.backend") + ", built once per trial. JMH SingleShotTime: each iteration is one open (or read) "
        + "after warm-up; the heap is closed and unmapped between iterations, outside the measurement. Goal: recovery <= 3x the read. "
        + "The cold column is one unwarmed open (or read) in the fork just after the build, timed with System.nanoTime, not by JMH.");
    line("");
    line("| live objects | used bytes | build (ms): read / GC / NO_GC trial | sequential read (ms) | open, GC (ms) | GC / read | open, NO_GC (ms) | NO_GC / read | goal 3x | cold: read / GC / NO_GC (ms) |");
    line("|---:|---:|---:|---:|---:|---:|---:|---:|---|---|");
    for (String n : List.of("100000", "1000000", "10000000")) {
      RunResult read = find("RecoveryBench.sequentialRead", "objects", n);
      if (read == null) {
        continue;
      }
      RunResult gc = result("RecoveryBench.openGc", "objects", n);
      RunResult noGc = result("RecoveryBench.openNoGc", "objects", n);
      double rGc = score(gc) / score(read);
      double rNo = score(noGc) / score(read);
      String k = "recovery." + n + ".";
      String used = notes.containsKey(k + "usedBytes") ? BenchEnv.bytes(Long.parseLong(notes.get(k + "usedBytes"))) : "?";
      line("| " + String.format(Locale.ROOT, "%,d", Long.parseLong(n)) + " | " + used + " | " + perTrial(k, "buildMs") + " | " + withError(read) + " | "
          + withError(gc) + " | " + ratio(rGc) + " | " + withError(noGc) + " | " + ratio(rNo) + " | "
          + (Math.max(rGc, rNo) <= 3 ? "met" : rGc <= 3 || rNo <= 3 ? "**not met** by " + (rGc > 3 ? "GC" : "NO_GC") : "**not met**") + " | "
          + perTrial(k, "coldMs") + " |");
    }
    line("");
  }

  // ------------------------------------------------------------------ results and notes

  private static String key(RunResult r) {
    String name = r.getParams().getBenchmark();
    String simple = name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1);
    StringBuilder k = new StringBuilder(simple);
    for (String p : r.getParams().getParamsKeys()) {
      k.append('|').append(p).append('=').append(r.getParams().getParam(p));
    }
    return k.toString();
  }

  private RunResult find(String method, String param, String value) {
    return results.get(method + "|" + param + "=" + value);
  }

  private RunResult result(String method) {
    return require(results.get(method), method);
  }

  private RunResult result(String method, String param, String value) {
    return require(find(method, param, value), method + " " + param + "=" + value);
  }

  private static RunResult require(RunResult r, String what) {
    if (r == null) {
      throw new IllegalStateException("no result for " + what + " (a partial run cannot produce the tables)");
    }
    return r;
  }

  private String note(String key) {
    String v = notes.get(key);
    return v == null ? "?" : v;
  }

  /** A note of each of the three recovery trials, as "read / GC / NO_GC". */
  private String perTrial(String prefix, String what) {
    List<String> values = new ArrayList<>();
    for (String method : List.of("sequentialRead", "openGc", "openNoGc")) {
      String v = notes.get(prefix + method + "." + what);
      values.add(v == null ? "?" : num(Double.parseDouble(v)));
    }
    return String.join(" / ", values);
  }

  private static double score(RunResult r) {
    return r.getPrimaryResult().getScore();
  }

  private static String withError(RunResult r) {
    Result<?> p = r.getPrimaryResult();
    double e = p.getScoreError();
    return num(p.getScore()) + (Double.isNaN(e) ? "" : " ± " + num(e));
  }

  static String num(double v) {
    double a = Math.abs(v);
    String f = a >= 100 ? "%,.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f";
    return String.format(Locale.ROOT, f, v);
  }

  private static String ratio(double v) {
    return String.format(Locale.ROOT, v >= 10 ? "%.0fx" : "%.2fx", v);
  }

  private static String formatDuration(long nanos) {
    long s = Math.round(nanos / 1e9);
    return s / 60 + " min " + s % 60 + " s";
  }

  // ------------------------------------------------------------------ environment

  /**
   * Which cache-line write-back instruction the forks' JVM uses: HotSpot compiles the write-back
   * intrinsic to CLWB when its CPU feature list has clwb, else to CLFLUSHOPT, else to CLFLUSH.
   */
  private String writebackInstruction() {
    List<String> out = command(anyParams().getJvm(), "-Xlog:os+cpu=info", "-version");
    String features = out.stream().filter(l -> l.contains("CPU: total")).findFirst().orElse(null);
    if (features == null) {
      return "The JVM's CPU feature list could not be read.";
    }
    List<String> tokens = List.of(features.split(",\\s*", -1));
    boolean clwb = tokens.contains("clwb");
    boolean opt = tokens.contains("clflushopt");
    return "HotSpot's CPU feature list for this JVM (`-Xlog:os+cpu`) has clwb: " + (clwb ? "yes" : "no") + ", clflushopt: "
        + (opt ? "yes" : "no") + "; so the clwb backend's write-back compiles to "
        + (clwb ? "CLWB" : opt ? "**CLFLUSHOPT, which evicts the line**, not CLWB" : "**CLFLUSH**, not CLWB") + ".";
  }

  /** The commit the run built, and uncommitted changes in the modules it measures. */
  private static String sourceState() {
    List<String> head = command("git", "rev-parse", "--short", "HEAD");
    if (head.isEmpty()) {
      return "not a git checkout";
    }
    List<String> dirty = command("git", "status", "--porcelain", "--", "pom.xml", "runtime", "bench/pom.xml", "bench/src");
    return "commit " + head.get(0) + (dirty.isEmpty() ? ", runtime and bench unmodified" : ", with uncommitted changes: `"
        + String.join("`, `", dirty.stream().map(String::trim).toList()) + "`");
  }

  /** The output lines of a short command, or none if it fails. */
  private static List<String> command(String... argv) {
    try {
      Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
      List<String> lines;
      try (var reader = p.inputReader(StandardCharsets.UTF_8)) {
        lines = reader.lines().toList();
      }
      return p.waitFor() == 0 ? lines : List.of();
    } catch (IOException e) {
      return List.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return List.of();
    }
  }

  /** Null when the patched backend works here, else why not. */
  private static String patchedUnavailable() throws IOException {
    Path file = BenchEnv.newHeapFile(BenchEnv.shmDir(), "probe-patched");
    try (Heap heap = Heap.create(file, HeapConfig.ofSize(1L << 20).persistence("patched"))) {
      return heap.persistence().name().equals("patched") ? null : "not bound";
    } catch (PersistenceUnavailableException e) {
      return e.getMessage();
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** The size of a Plain256 instance: its last field's offset plus 8, from Unsafe. */
  private static String plainSize() {
    jdk.internal.misc.Unsafe u = jdk.internal.misc.Unsafe.getUnsafe();
    long end = 0;
    for (Field f : Plain256.class.getDeclaredFields()) {
      if (!Modifier.isStatic(f.getModifiers())) {
        end = Math.max(end, u.objectFieldOffset(f) + 8);
      }
    }
    return end + " B (its last field's offset + 8, read with Unsafe in the report's JVM)";
  }

  private static void removeLeftovers(String runId) throws IOException {
    for (Path dir : List.of(BenchEnv.shmDir(), BenchEnv.diskDir())) {
      try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, BenchEnv.FILE_PREFIX + runId + "-*.heap")) {
        for (Path f : files) {
          Files.deleteIfExists(f);
        }
      }
    }
  }

  private static String cpuModel() {
    for (String l : procLines("/proc/cpuinfo")) {
      if (l.startsWith("model name")) {
        return l.substring(l.indexOf(':') + 1).trim();
      }
    }
    return "unknown CPU";
  }

  private static long cpuCount() {
    return procLines("/proc/cpuinfo").stream().filter(l -> l.startsWith("processor")).count();
  }

  private static String memTotal() {
    for (String l : procLines("/proc/meminfo")) {
      if (l.startsWith("MemTotal:")) {
        long kib = Long.parseLong(l.replaceAll("[^0-9]", ""));
        return String.format(Locale.ROOT, "%.1f GiB", kib / (1024.0 * 1024));
      }
    }
    return "unknown";
  }

  private static List<String> procLines(String file) {
    try {
      return Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return List.of();
    }
  }

  /** The forks' own JMH and JVM description, as JMH recorded it. */
  private org.openjdk.jmh.infra.BenchmarkParams anyParams() {
    return results.values().iterator().next().getParams();
  }

  // ------------------------------------------------------------------ the file

  private void line(String s) {
    out.append(s).append('\n');
  }

  private void write(Path file) throws IOException {
    if (!Files.exists(file)) {
      Files.writeString(file, FILE_HEADER, StandardCharsets.UTF_8);
    }
    Markers.replace(file, SECTION, out.toString());
  }
}
