package org.jnvm.bench.table3;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jnvm.bench.BenchEnv;
import org.jnvm.bench.Environment;
import org.jnvm.bench.HostCheck;
import org.jnvm.bench.HostGate;
import org.jnvm.bench.HostState;
import org.jnvm.bench.Markers;
import org.jnvm.bench.StaleStores;

/**
 * The paper's Table 3 (section 5.3.5): bandwidth of sequential and random reads and writes of
 * 256-byte blocks, from Java through jnvm's runtime ({@link RuntimeBlocks}) against a C program
 * ({@link NativeBlocks}) on the very same tmpfs file. Rewrites the section of RESULTS.md between
 * {@code <!-- TAG:begin -->} and {@code <!-- TAG:end -->} and writes {@code bench/results/TAG.csv}
 * unless {@code --csv} names another file, where TAG is {@code table3} in the quick mode and {@code
 * table3-full} in the full one; beside that CSV, {@code TAG-host.csv} has the host's readings
 * around each turn ({@link HostCheck}).
 *
 * <p>Usage: {@code Table3Report --native PROGRAM [--native-clflushopt PROGRAM] [--native-o2 PROGRAM] [--mode quick|full] [--results FILE] [--csv FILE]
 * [--command TEXT] [--source TEXT] [--native-build TEXT] [--print-only]}.
 *
 * <p>A timed loop rather than JMH: one pass over the file takes from a tenth of a second to
 * seconds, far above timer resolution, and the two sides must run the same passes over the same
 * file in the same order, alternating, which a single process drives more simply than JMH forks.
 * The JIT is warmed up on a few blocks first, so that every timed pass runs C2 code.
 */
public final class Table3Report {
  private static final long SEED = 20211026L;
  private static final double FLOOR = 0.8;
  private static final double GOAL = 0.9;
  /** Where the heap file goes: tmpfs, the paper's emulated NVMM. */
  private static final Path HEAPS = BenchEnv.shmDir();
  /** The paper's Java/C ratios (its Table 3: J-NVM over C), by column. */
  private static final Map<Pattern, Double> PAPER = new EnumMap<>(Map.of(
      Pattern.SEQ_READ, 3.21 / 4.01, Pattern.SEQ_WRITE, 0.74 / 0.78, Pattern.RAND_READ, 0.71 / 1.94, Pattern.RAND_WRITE, 0.38 / 0.40));

  /** How much to measure. The data must dwarf the 32 MiB last-level cache of this machine's CPU. */
  enum Mode {
    QUICK(256L << 20, 3, 1, 2, Duration.ofSeconds(10), Duration.ofSeconds(60)),
    FULL(1L << 30, 4, 1, 2, Duration.ofSeconds(60), Duration.ofMinutes(5));

    final long bytes;
    final int rounds;
    final int warmups;
    final int passes;
    /** The longest a turn waits for a calm host before it starts, and all turns together ({@link HostGate}). */
    final Duration longestHostWait;
    final Duration hostWaitBudget;

    /** This mode's section of RESULTS.md and the name of its CSV (see {@link Markers#name}). */
    String tag() {
      return Markers.name("table3", name().toLowerCase(Locale.ROOT));
    }

    Mode(long bytes, int rounds, int warmups, int passes, Duration longestHostWait, Duration hostWaitBudget) {
      this.bytes = bytes;
      this.rounds = rounds;
      this.warmups = warmups;
      this.passes = passes;
      this.longestHostWait = longestHostWait;
      this.hostWaitBudget = hostWaitBudget;
    }

    int blocks() {
      return (int) (bytes / Block256.BYTES);
    }
  }

  /**
   * The C program as the paper ran it, built as fast as gcc makes it on this machine: the baseline
   * of every ratio (with {@link #C_CLFLUSHOPT} for reads).
   */
  static final String C = "C, CLWB";
  /** The C program built to evict lines as JDK 17's write-back does on AMD CPUs; a diagnostic. */
  static final String C_CLFLUSHOPT = "C, CLFLUSHOPT (diagnostic)";
  /**
   * The C program built with -O2 alone, the baseline's flags in the sections of 5163287 and before;
   * a diagnostic. gcc 12 then adds a block's words one per iteration of a loop it does not unroll,
   * so a random read, which waits for memory, has fewer blocks in flight than the vectorized sum of
   * -O3 -march=native allows: it ran several times slower than that build, about as fast as Java's
   * raw addresses.
   */
  static final String C_O2 = "C, CLWB, -O2 (diagnostic)";

  /** Passes by series (a Java access path or a C build), then by pattern. */
  private final Map<String, Map<Pattern, List<Pass>>> series = new LinkedHashMap<>();
  /** What the host read around each turn, in the order the turns ran. */
  private final List<HostCheck> hostChecks = new ArrayList<>();
  private final StringBuilder text = new StringBuilder();

  private Table3Report() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    Mode mode = Mode.QUICK;
    Path program = null;
    Path clflushopt = null;
    Path o2 = null;
    Path results = Path.of("bench/RESULTS.md");
    Path csv = null;
    String command = null;
    String source = null;
    String nativeBuild = "(not given)";
    boolean printOnly = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--mode" -> mode = Mode.valueOf(args[++i].toUpperCase(Locale.ROOT));
        case "--native" -> program = Path.of(args[++i]);
        case "--native-clflushopt" -> clflushopt = Path.of(args[++i]);
        case "--native-o2" -> o2 = Path.of(args[++i]);
        case "--results" -> results = Path.of(args[++i]);
        case "--csv" -> csv = Path.of(args[++i]);
        case "--command" -> command = args[++i];
        case "--source" -> source = args[++i];
        case "--native-build" -> nativeBuild = args[++i];
        case "--print-only" -> printOnly = true;
        default -> throw new IllegalArgumentException("unknown argument " + args[i] + "; usage: Table3Report --native PROGRAM [--native-clflushopt PROGRAM] [--native-o2 PROGRAM] [--mode quick|full] "
            + "[--results FILE] [--csv FILE] [--command TEXT] [--source TEXT] [--native-build TEXT] [--print-only]");
      }
    }
    if (program == null) {
      throw new IllegalArgumentException("--native PROGRAM is required: the C side, built from bench/src/main/c/table3.c");
    }
    if (command == null) {
      command = String.join(" ", ProcessHandle.current().info().command().orElse("java"), String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()),
          "-cp", System.getProperty("java.class.path"), Table3Report.class.getName(), String.join(" ", args)).trim();
    }
    if (csv == null) {
      csv = Path.of("bench/results", mode.tag() + ".csv");
    }
    Table3Report report = new Table3Report();
    Instant started = Instant.now();
    StaleStores.clear(HEAPS);
    HostState before = HostState.now();
    Setup setup = report.measure(mode, program, clflushopt, o2);
    Duration took = Duration.between(started, Instant.now());
    String load = HostState.during(before, HostState.now());
    report.write(mode, setup, command, source != null ? source : Environment.gitState(), nativeBuild, started, took, load);
    System.out.print(report.text);
    if (printOnly) {
      System.out.println("(--print-only: " + results + " and " + csv + " left unchanged)");
      return;
    }
    Markers.replace(results, mode.tag(), report.text.toString());
    Files.createDirectories(csv.toAbsolutePath().getParent());
    Files.writeString(csv, report.csv(mode), StandardCharsets.UTF_8);
    Path hostCsv = csv.resolveSibling(mode.tag() + "-host.csv");
    HostCheck.writeCsv(report.hostChecks, "turn", hostCsv);
    System.out.println("wrote the " + mode.tag() + " section of " + results + ", " + csv + " and " + hostCsv + " in " + took.toMinutes() + " min " + took.toSecondsPart() + " s");
  }

  /** What the section says about how the data was laid out. */
  private record Setup(long fileBytes, long firstOffset, String backend, long javaHeapPerBlock) {}

  private Setup measure(Mode mode, Path program, Path clflushopt, Path o2) throws IOException, InterruptedException {
    // The heap logs a line when it opens; keep it out of the output between passes.
    Logger quiet = Logger.getLogger("org.jnvm");
    quiet.setLevel(Level.WARNING);
    Path file = HEAPS.resolve(StaleStores.TABLE3 + ProcessHandle.current().pid() + ".heap");
    // Every write pass stores its own stamp; every turn starts at the same stamp, so each leaves the
    // file as the fill left it, and every read pass of every turn reads the same data.
    long stamp = 1;
    long lastStamp = stamp + 2L * (mode.warmups + mode.passes) - 1;
    try (RuntimeBlocks blocks = new RuntimeBlocks(file, mode.blocks(), SEED)) {
      long first = blocks.firstOffset();
      blocks.warmUpCode();
      blocks.fill(lastStamp);
      List<Turn> turns = new ArrayList<>();
      for (Access access : Access.values()) {
        turns.add(new Turn(javaSeries(access), () -> blocks.runAll(access, mode.warmups, mode.passes, stamp)));
      }
      turns.add(nativeTurn(C, program, blocks, file, first, mode, stamp));
      if (clflushopt != null) {
        turns.add(nativeTurn(C_CLFLUSHOPT, clflushopt, blocks, file, first, mode, stamp));
      }
      if (o2 != null) {
        turns.add(nativeTurn(C_O2, o2, blocks, file, first, mode, stamp));
      }
      for (Turn t : turns) {
        series.put(t.name(), new EnumMap<>(Pattern.class));
      }
      // A turn that starts while the host stalls its memory runs all its passes slow; one side's
      // turns all slowed so would pass for that side's speed (a full run once had every C pass of
      // a pattern several times slower than in calm runs).
      HostGate gate = HostGate.onThisHost(mode.longestHostWait, mode.hostWaitBudget);
      for (int round = 0; round < mode.rounds; round++) {
        // Rotate the order of the turns, so that a drift in the machine's load favours none.
        for (int i = 0; i < turns.size(); i++) {
          Turn t = turns.get((i + round) % turns.size());
          HostGate.Entry entry = gate.enter();
          List<Pass> done = t.run().call();
          HostCheck check = new HostCheck(round + 1, t.name(), gate.leave(entry));
          hostChecks.add(check);
          for (Pass p : done) {
            series.get(t.name()).computeIfAbsent(p.pattern(), k -> new ArrayList<>()).add(p);
          }
          System.out.println("round " + (round + 1) + "/" + mode.rounds + ": " + t.name() + " done (host stalled " + check.host().describe() + ")");
        }
      }
      checkSameWork();
      return new Setup(Files.size(file), first, blocks.backend(), blocks.javaHeapPerBlock());
    } catch (IOException | InterruptedException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** One side's turn: every pattern, warm-up and timed passes. */
  private record Turn(String name, Callable<List<Pass>> run) {}

  private static Turn nativeTurn(String name, Path program, RuntimeBlocks blocks, Path file, long first, Mode mode, long stamp) {
    NativeBlocks side = new NativeBlocks(program);
    return new Turn(name, () -> side.runAll(file, first, blocks.count(), SEED, mode.warmups, mode.passes, stamp, blocks.permutationFingerprint()));
  }

  /** Every read pass of either side must have read the same data in the same order. */
  private void checkSameWork() {
    for (Pattern p : Pattern.values()) {
      if (p.isWrite()) {
        continue;
      }
      long expected = series.get(C).get(p).get(0).checksum();
      for (Pass pass : series.values().stream().flatMap(s -> s.get(p).stream()).toList()) {
        if (pass.checksum() != expected) {
          throw new IllegalStateException(p.title + ": a pass read checksum " + Long.toUnsignedString(pass.checksum()) + ", another " + Long.toUnsignedString(expected)
              + "; the sides did not read the same data");
        }
      }
    }
  }

  // ------------------------------------------------------------------ figures

  /** The median time of the timed passes, in ns. */
  private static double medianNanos(List<Pass> passes) {
    long[] ns = passes.stream().filter(p -> !p.isWarmup()).mapToLong(Pass::nanos).sorted().toArray();
    int n = ns.length;
    return n % 2 == 1 ? ns[n / 2] : (ns[n / 2 - 1] + ns[n / 2]) / 2.0;
  }

  /** The fastest timed pass, in ns: other processes on a shared machine only ever add time. */
  private static double bestNanos(List<Pass> passes) {
    return passes.stream().filter(p -> !p.isWarmup()).mapToLong(Pass::nanos).min().orElseThrow();
  }

  private static double gbPerSecond(Mode mode, double nanos) {
    return mode.bytes / nanos;
  }

  /** The slowest and fastest timed pass, as GB/s. */
  private static String spread(Mode mode, List<Pass> passes) {
    long[] ns = passes.stream().filter(p -> !p.isWarmup()).mapToLong(Pass::nanos).sorted().toArray();
    return num(gbPerSecond(mode, (double) ns[ns.length - 1])) + "–" + num(gbPerSecond(mode, (double) ns[0]));
  }

  private static int timed(List<Pass> passes) {
    return (int) passes.stream().filter(p -> !p.isWarmup()).count();
  }

  // ------------------------------------------------------------------ output

  private void write(Mode mode, Setup setup, String command, String source, String nativeBuild, Instant started, Duration took, String load) {
    String jvm = ProcessHandle.current().info().command().orElse("java");
    add(Markers.begin(mode.tag()));
    add("## Access to 256-byte blocks: Java through jnvm against C (the paper's Table 3), " + mode.name().toLowerCase(Locale.ROOT) + " mode");
    add("");
    add("Written by `org.jnvm.bench.table3.Table3Report` (bench/run-table3); do not edit by hand, run it again.");
    add("");
    add("- Command: `" + command + "`");
    add("- Mode: " + mode.name().toLowerCase(Locale.ROOT) + ". Date: " + started.truncatedTo(ChronoUnit.SECONDS) + " (UTC); the run took " + took.toMinutes() + " min "
        + took.toSecondsPart() + " s.");
    add("- Source: " + source + ".");
    add("- Machine: " + Environment.machine() + "; " + load
        + ". Both sides run one thread, one after the other; a load above 1 is other work sharing the two CPUs, and the machine is shared "
        + "with other engineers' builds, so the figures are noisy.");
    add("- JDK: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version") + ", `" + jvm + "`. " + Environment.writeBack(jvm));
    add("- C: `" + nativeBuild + "`; CLWB per 64-byte line (`_mm_clwb`) and SFENCE per block.");
    add("- Pages: " + Environment.pages() + ". The heap file's blocks are on the same pages for both sides; the Java side's proxies, "
        + "their handles and its arrays are on the Java heap, and C asks for huge pages (`madvise`) for its visit order, as Java's is on the Java heap.");
    add("- Data: " + String.format(Locale.ROOT, "%,d", mode.blocks()) + " blocks of " + Block256.BYTES + " B (" + (mode.bytes >> 20) + " MiB, "
        + (mode.bytes >> 25) + " times the CPU's 32 MiB last-level cache, so that every pass streams from memory), consecutive in a "
        + (setup.fileBytes() >> 20) + " MiB jnvm heap file in " + HEAPS + " (tmpfs), from offset " + setup.firstOffset() + ". Java: one `Block256Fields` object "
        + "per block, allocated on that heap, backend " + setup.backend() + ". C maps the same file and works on the same blocks. The Java side keeps "
        + setup.javaHeapPerBlock() + " B of Java heap per block (its proxy, the proxy's handle and their slots in its two arrays: the heap in use after "
        + "a full collection, before and after they were made, over the blocks). A sequential pass through the proxies reads them besides the "
        + "block's " + Block256.BYTES + " B; a random one waits for a proxy's line before it can ask for its block's, where C asks for the block's at once.");
    add("- Each pass visits every block once: a read sums the block's 32 longs and folds the sum into a hash that depends on the order, "
        + "which every side prints and the report checks equal (so no loop can be dropped, and all read the same data); a write "
        + "stores 32 longs, writes back each of the 4 lines and fences once. Random order is the same seeded permutation on every side "
        + "(splitmix64 Fisher-Yates; fingerprints checked). Java keeps one proxy and its handle per block in arrays, as an application keeps its proxies; "
        + "the cursor series keeps none: it moves one proxy from block to block, by offsets computed from the index as C computes its addresses.");
    add("- Timing: " + mode.rounds + " round(s) of one turn per series, in an order that rotates between rounds; a turn runs, per pattern, "
        + mode.warmups + " warm-up pass(es) and " + mode.passes + " timed ones. Java's JIT is warmed up on a few blocks first. The headline "
        + "figures are each series' fastest timed pass, since other work on this shared machine can only slow a pass down; the "
        + "ratios of the median passes are given too. GB/s = 10^9 B/s. A timed loop rather than JMH: a pass lasts 0.01 to a few seconds, and all "
        + "series must run the same passes over one file in turn, which one process drives simply.");
    add("- Host: " + HostCheck.describe("turn", mode.longestHostWait, mode.hostWaitBudget, hostChecks)
        + ". A turn run while this is high ran slower for it, whichever its side. " + HostCheck.disturbed(hostChecks, "turn"));
    add("");
    add("| GB/s, fastest pass | " + String.join(" | ", Arrays.stream(Pattern.values()).map(p -> p.title).toList()) + " |");
    add("|---|---:|---:|---:|---:|");
    for (String name : series.keySet()) {
      add(row(name, p -> num(gbPerSecond(mode, bestNanos(passes(name, p))))));
    }
    for (Access access : API_PATHS) {
      String name = javaSeries(access);
      add(row("**Java/C**, " + access.title, p -> "**" + ratio(ratio(name, p)) + "**"));
      add(row("Java/C of the median passes, " + access.title, p -> ratio(medianNanos(baseline(p)) / medianNanos(passes(name, p)))));
      add(row("floor " + FLOOR + " / goal " + GOAL + ", " + access.title,
          p -> ratio(name, p) >= GOAL ? "goal met" : ratio(name, p) >= FLOOR ? "floor met" : "**floor not met**"));
    }
    add(row("paper's Java/C (J-NVM / C)", p -> ratio(PAPER.get(p))));
    add("");
    add("Access paths: " + String.join("; ", Arrays.stream(Access.values()).map(a -> "*" + a.title + "*: " + a.how).toList()) + ". *" + C
        + "* is the baseline of every ratio; *" + C_CLFLUSHOPT + "* is the same program with `_mm_clflushopt` in place of `_mm_clwb`. "
        + "The two run the same loop to read, so for reads their timed passes are pooled into the baseline (its fastest and its median pass): "
        + "twice the passes in which to find one the shared host left alone. *" + C_O2 + "* is the baseline's program built with -O2 alone, as "
        + "the baseline was in the sections of 5163287 and before: gcc then sums a block's words one at a time in a loop it does not unroll, where -O3 -march=native "
        + "sums them in vector registers; it is never part of the baseline. The *" + Access.VECTOR.title + "* series' vectors are "
        + VectorBlocks.vectorBytes() + " B on this machine.");
    add("");
    add("Where the time goes: nanoseconds per block (fastest pass / blocks), and the spread of the timed passes (slowest–fastest GB/s).");
    add("");
    add("| ns per block | " + String.join(" | ", Arrays.stream(Pattern.values()).map(p -> p.title).toList()) + " |");
    add("|---|---:|---:|---:|---:|");
    for (String name : series.keySet()) {
      add(row(name, p -> num(bestNanos(passes(name, p)) / mode.blocks()) + " (" + spread(mode, passes(name, p)) + ")"));
    }
    add("");
    add(Markers.end(mode.tag()));
  }

  /** The access paths through jnvm's public API, which the floor applies to. */
  private static final List<Access> API_PATHS = List.of(Access.PROXY, Access.CURSOR, Access.HANDLE, Access.BLOCK_ADDRESS);

  private static String javaSeries(Access access) {
    return "Java, " + access.title;
  }

  private List<Pass> passes(String name, Pattern p) {
    return series.get(name).get(p);
  }

  /** Java/C bandwidth of a series, fastest pass against fastest pass. */
  private double ratio(String name, Pattern p) {
    return ratio(series, name, p);
  }

  /** {@link #ratio(String, Pattern)} over the given passes by series, for tests. */
  static double ratio(Map<String, Map<Pattern, List<Pass>>> series, String name, Pattern p) {
    return bestNanos(baseline(series, p)) / bestNanos(series.get(name).get(p));
  }

  private List<Pass> baseline(Pattern p) {
    return baseline(series, p);
  }

  /**
   * The C passes a pattern's ratios are taken against: {@link #C}'s, and for a read {@link
   * #C_CLFLUSHOPT}'s too, since the two programs differ only in the instruction that writes a line
   * back. A host that stalls one program's every read pass (it happened: 0.50 GB/s of random reads
   * from one, 1.40 from the other, in the same run) then no longer passes for C's speed.
   */
  private static List<Pass> baseline(Map<String, Map<Pattern, List<Pass>>> series, Pattern p) {
    if (p.isWrite() || !series.containsKey(C_CLFLUSHOPT)) {
      return series.get(C).get(p);
    }
    List<Pass> both = new ArrayList<>(series.get(C).get(p));
    both.addAll(series.get(C_CLFLUSHOPT).get(p));
    return both;
  }

  private static String row(String head, java.util.function.Function<Pattern, String> cell) {
    return "| " + head + " | " + String.join(" | ", Arrays.stream(Pattern.values()).map(cell).toList()) + " |";
  }

  private String csv(Mode mode) {
    StringBuilder out = new StringBuilder("series,pattern,blocks,bytes_per_pass,timed_passes,best_ns,median_ns,best_gb_per_s,median_gb_per_s,best_ns_per_block,ratio_to_c,paper_java_over_c\n");
    for (String name : series.keySet()) {
      for (Pattern p : Pattern.values()) {
        double ns = bestNanos(passes(name, p));
        double median = medianNanos(passes(name, p));
        out.append(String.join(",", "\"" + name + "\"", p.label, Integer.toString(mode.blocks()), Long.toString(mode.bytes), Integer.toString(timed(passes(name, p))),
                String.format(Locale.ROOT, "%.0f", ns), String.format(Locale.ROOT, "%.0f", median), String.format(Locale.ROOT, "%.4f", gbPerSecond(mode, ns)),
                String.format(Locale.ROOT, "%.4f", gbPerSecond(mode, median)), String.format(Locale.ROOT, "%.2f", ns / mode.blocks()),
                String.format(Locale.ROOT, "%.4f", ratio(name, p)), String.format(Locale.ROOT, "%.4f", PAPER.get(p))))
            .append('\n');
      }
    }
    return out.toString();
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }

  private static String ratio(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }

  private void add(String line) {
    text.append(line).append('\n');
  }
}
