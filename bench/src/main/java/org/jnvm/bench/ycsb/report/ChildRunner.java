package org.jnvm.bench.ycsb.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.bench.BenchEnv;
import org.jnvm.bench.StaleStores;
import org.jnvm.bench.ycsb.YcsbBinding;

/**
 * Runs one {@link YcsbChild} in its own JVM, on a fresh store directory in the heaps directory
 * (tmpfs), and collects its results; the child's whole output goes to the log.
 */
final class ChildRunner {
  /** The status of a process killed by signal 9: 128 + 9. */
  private static final int SIGKILL_STATUS = 137;
  /** The words of a result line, and of one from a child that did not yet report its {@link ChildTime}. */
  private static final int RESULT_WORDS = 12;
  private static final int RESULT_WORDS_BEFORE_TIME = 9;

  private final List<String> jvm;
  private final Path workloads;
  private final Path heaps;
  private final Path log;

  /** {@code jvm}: the java command and its flags, up to the class path included. */
  ChildRunner(List<String> jvm, Path workloads, Path heaps, Path log) {
    this.jvm = jvm;
    this.workloads = workloads;
    this.heaps = heaps;
    this.log = log;
  }

  List<Run> run(int round, YcsbBinding binding, String map, String threads, String letters, Settings settings) throws IOException, InterruptedException {
    return run(round, binding, map, threads, letters, settings, List.of());
  }

  /**
   * {@code round}: what to label the runs with; {@code properties}: more YCSB or binding
   * properties, {@code NAME=VALUE}, after the settings' own, which they override.
   */
  List<Run> run(int round, YcsbBinding binding, String map, String threads, String letters, Settings settings, List<String> properties)
      throws IOException, InterruptedException {
    Path store = Files.createTempDirectory(heaps, StaleStores.YCSB + binding.id() + "-");
    try {
      List<String> command = new ArrayList<>(jvm);
      command.addAll(List.of(YcsbChild.class.getName(), binding.id(), threads, workloads.toString(), store.toString(), letters,
          Double.toString(settings.maxSeconds()), "recordcount=" + settings.records(), "operationcount=" + settings.operations()));
      if (!map.equals("-")) {
        command.add("jnvm.map=" + map);
      }
      command.addAll(properties);
      Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
      List<String> lines = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
      int status = child.waitFor();
      List<String> logged = new ArrayList<>();
      logged.add("### " + String.join(" ", command));
      logged.addAll(lines);
      Files.write(log, logged, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      if (status != 0) {
        throw new IllegalStateException(binding.id() + " on " + map + " exited with status " + status + exitHint(status) + "; see " + log);
      }
      return lines.stream().filter(l -> l.startsWith("result ")).map(l -> parse(binding, map, round, l)).toList();
    } finally {
      BenchEnv.deleteTree(store);
    }
  }

  /**
   * What a child's exit status says beyond its number. A child killed by SIGKILL was most likely
   * chosen by the kernel's out-of-memory killer: a full-mode child takes its Java heap and its
   * store's file in /dev/shm, which is memory too, and files left there by earlier runs count.
   */
  static String exitHint(int status) {
    return status == SIGKILL_STATUS ? " (killed by SIGKILL, as the kernel's out-of-memory killer does: check the free memory, and files left in /dev/shm)" : "";
  }

  /**
   * A {@link YcsbChild}'s result line; the percentiles it prints for the log are read from its
   * histogram instead. A line without the child's {@link ChildTime}, as a jar from before it prints
   * ({@link YcsbPair} runs older builds), has it unknown.
   */
  static Run parse(YcsbBinding binding, String map, int round, String line) {
    String[] f = line.split(" ", -1);
    if ((f.length != RESULT_WORDS && f.length != RESULT_WORDS_BEFORE_TIME) || !f[0].equals("result") || f[2].length() != 1) {
      throw new IllegalArgumentException("not a result line: " + line);
    }
    ChildTime time = f.length == RESULT_WORDS ? ChildTime.decode(f[8], f[9], f[10]) : ChildTime.UNKNOWN;
    return new Run(binding, map, round, Integer.parseInt(f[1]), f[2].charAt(0), Long.parseLong(f[3]), Double.parseDouble(f[4]), Latencies.decode(f[f.length - 1]),
        Long.parseLong(f[7]), time);
  }
}
