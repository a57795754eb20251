package org.jnvm.bench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The options the report programs share, after their mode: {@code --results FILE} (RESULTS.md),
 * {@code --out DIR} (CSV and plots), {@code --heaps DIR} (heap files), {@code --command TEXT} (how
 * the run was started, for the section) and {@code --source TEXT} (what was measured; git's state
 * by default), plus any options of the program's own, each taking one value.
 */
public final class ReportOptions {
  public Path results = Path.of("bench/RESULTS.md");
  public Path out = Path.of("bench/results");
  public Path heaps = BenchEnv.shmDir();
  public String command;
  private String source;
  private final Map<String, String> own = new LinkedHashMap<>();

  private ReportOptions() {}

  /**
   * Reads {@code args} after the mode ({@code args[0]}); {@code program} names the program in the
   * default command, {@code ownOptions} are the program's own, and {@code usage} is what an unknown
   * argument is answered with.
   */
  public static ReportOptions parse(String program, String[] args, Set<String> ownOptions, String usage) {
    ReportOptions o = new ReportOptions();
    o.command = program + " " + String.join(" ", args);
    for (int i = 1; i < args.length; i++) {
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(args[i] + " needs a value; " + usage);
      }
      String value = args[++i];
      switch (args[i - 1]) {
        case "--results" -> o.results = Path.of(value);
        case "--out" -> o.out = Path.of(value);
        case "--heaps" -> o.heaps = Path.of(value);
        case "--command" -> o.command = value;
        case "--source" -> o.source = value;
        default -> {
          if (!ownOptions.contains(args[i - 1])) {
            throw new IllegalArgumentException("unknown argument " + args[i - 1] + "; " + usage);
          }
          o.own.put(args[i - 1], value);
        }
      }
    }
    return o;
  }

  /** What was measured: {@code --source}, or the state of the git checkout. */
  public String source() {
    return source != null ? source : Environment.gitState();
  }

  /** The value of one of the program's own options, or null if it was not given. */
  public String own(String option) {
    return own.get(option);
  }
}
