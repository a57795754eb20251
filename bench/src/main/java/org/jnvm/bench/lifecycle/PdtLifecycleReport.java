package org.jnvm.bench.lifecycle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jnvm.bench.BenchEnv;
import org.jnvm.bench.Environment;
import org.jnvm.bench.HostState;
import org.jnvm.bench.Markers;
import org.jnvm.bench.StaleStores;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.pdt.Policy;

/**
 * Measures the space of pooled strings and the resurrection of a million-entry map per policy, and
 * rewrites the pdt-lifecycle section of RESULTS.md. A timed loop rather than JMH: a resurrection
 * is one operation of a second or so on a heap that must be reopened before each, which one
 * process drives simply.
 *
 * <p>Usage: {@code PdtLifecycleReport [--results FILE] [--command TEXT] [--source TEXT] [--entries N]
 * [--rounds N] [--dir DIR] [--backend NAME]}.
 */
public final class PdtLifecycleReport {
  /** {@code pdtlife}, or {@code pdtlife-jdk25} on JDK 25: see {@link Markers#name(String, String, int)}. */
  private static final String SECTION = Markers.name("pdtlife", "quick");
  private static final int STRINGS = 65_536;
  private static final int[] STRING_CHARS = {14, 56, 100, 200};

  private PdtLifecycleReport() {}

  public static void main(String[] args) throws IOException {
    Path results = Path.of("bench/RESULTS.md");
    String command = "PdtLifecycleReport " + String.join(" ", args);
    String source = null;
    int entries = 1_000_000;
    int rounds = 5;
    Path dir = BenchEnv.shmDir();
    String backend = "clwb";
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--results" -> results = Path.of(args[++i]);
        case "--command" -> command = args[++i];
        case "--source" -> source = args[++i];
        case "--entries" -> entries = Integer.parseInt(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--dir" -> dir = Path.of(args[++i]);
        case "--backend" -> backend = args[++i];
        default -> throw new IllegalArgumentException("unknown argument " + args[i]
            + "; usage: PdtLifecycleReport [--results FILE] [--command TEXT] [--source TEXT] [--entries N] [--rounds N] [--dir DIR] [--backend NAME]");
      }
    }
    Logger.getLogger("org.jnvm").setLevel(Level.WARNING);
    StaleStores.clear(dir);
    HostState before = HostState.now();
    long started = System.nanoTime();
    List<StringSpace> space = measureSpace(dir, backend);
    Path file = dir.resolve(StaleStores.BENCH + "resurrect-" + ProcessHandle.current().pid() + ".heap");
    List<Long> baseline = new ArrayList<>();
    Map<Policy, Resurrection.Samples> samples;
    try {
      Resurrection r = new Resurrection(file, backend, entries);
      r.build(Math.max(64L << 20, entries * 1536L));
      samples = r.measure(rounds, baseline);
    } finally {
      Files.deleteIfExists(file);
    }
    String header = String.format(Locale.ROOT,
        "- Command: `%s`%n- Date: %s (UTC); the run took %d s.%n- Source: %s.%n"
            + "- Machine: %s; %s.%n"
            + "- JDK: %s %s, `%s`.%n- Heaps: files in %s, 256-byte blocks, backend %s.%n",
        command, Instant.now().truncatedTo(ChronoUnit.SECONDS), (System.nanoTime() - started) / 1_000_000_000L,
        source != null ? source : Environment.gitState(), Environment.machine(), HostState.during(before, HostState.now()),
        System.getProperty("java.vm.name"), Runtime.version(), System.getProperty("java.home"), dir, backend);
    String section = Markers.begin(SECTION) + "\n" + LifecycleTables.render(header, space, entries, rounds, baseline, samples)
        + Markers.end(SECTION) + "\n";
    Markers.replace(results, SECTION, section);
    System.out.print(section);
  }

  private static List<StringSpace> measureSpace(Path dir, String backend) throws IOException {
    Path file = dir.resolve(StaleStores.BENCH + "space-" + ProcessHandle.current().pid() + ".heap");
    List<StringSpace> all = new ArrayList<>();
    try (Heap heap = Heap.create(file, HeapConfig.ofSize(512L << 20).persistence(backend))) {
      for (int chars : STRING_CHARS) {
        all.add(StringSpace.measure(heap, chars, STRINGS));
      }
    } finally {
      Files.deleteIfExists(file);
    }
    return all;
  }
}
