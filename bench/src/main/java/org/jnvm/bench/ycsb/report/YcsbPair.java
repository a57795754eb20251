package org.jnvm.bench.ycsb.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jnvm.bench.BenchEnv;
import org.jnvm.bench.HostGate;
import org.jnvm.bench.HostStalls;
import org.jnvm.bench.StaleStores;
import org.jnvm.bench.ycsb.YcsbBinding;

/**
 * A diagnostic, not a report: one binding's workloads, run by the children the reports run
 * ({@link YcsbReport#childJvm}, {@link ChildRunner}, a mode's {@link Settings}), once per jar given
 * and round after round, printed and written nowhere else. Alternating two builds tells a change
 * from the drift of a shared machine, where runs of one build vary by up to about 15%.
 *
 * <p>Usage: {@code YcsbPair [--rounds N] [--threads 1,2] [--mode quick|full] [--seconds S] JAR...
 * BINDING LETTERS [NAME=VALUE...]}, from the repository root (for {@code bench/ycsb}). The mode
 * sets the record count and the child's heap (quick by default); {@code --seconds} lengthens each
 * run, since the quick mode's 3 s runs drift by about 5% from one to the next, too much to see a
 * change of a few percent, while 10 s runs agree within about 1%. NAME=VALUE are YCSB or binding
 * properties, such as {@code jnvm.map=skiplist} for scans or {@code insertorder=ordered}.
 */
public final class YcsbPair {
  private static final Path PEER_FLAGS = Path.of("bench/ycsb/peer-jvm-flags");
  private static final Path WORKLOADS = Path.of("bench/ycsb/workloads");
  private static final Path HEAPS = BenchEnv.shmDir();
  private static final Path LOG = Path.of("bench/target/ycsb-pair-children.log");

  /** What to run, parsed from the command line. */
  record Plan(int rounds, String threads, Settings settings, List<Path> jars, YcsbBinding binding, String letters, List<String> properties) {
    static final String USAGE = "usage: YcsbPair [--rounds N] [--threads 1,2] [--mode quick|full] [--seconds S] JAR... BINDING LETTERS [NAME=VALUE...]";
    /** Operations a second that no binding reaches, so that a run given a length stops on time. */
    private static final long OPERATIONS_A_SECOND = 20_000_000;

    static Plan parse(String... args) {
      int rounds = 1;
      String threads = "1";
      String mode = "quick";
      double seconds = 0;
      int at = 0;
      for (; at < args.length && args[at].startsWith("--"); at += 2) {
        if (at + 1 == args.length) {
          throw new IllegalArgumentException(args[at] + " needs a value; " + USAGE);
        }
        switch (args[at]) {
          case "--rounds" -> rounds = Integer.parseInt(args[at + 1]);
          case "--threads" -> threads = args[at + 1];
          case "--mode" -> mode = args[at + 1];
          case "--seconds" -> seconds = Double.parseDouble(args[at + 1]);
          default -> throw new IllegalArgumentException("unknown option " + args[at] + "; " + USAGE);
        }
      }
      if (rounds < 1) {
        throw new IllegalArgumentException("--rounds " + rounds + ": at least 1");
      }
      if (!(seconds >= 0 && seconds <= 600)) { // NaN too
        throw new IllegalArgumentException("--seconds " + seconds + ": from 0 (the mode's length) to 600");
      }
      Settings settings = lengthened(Settings.of(mode), seconds);
      List<Path> jars = new ArrayList<>();
      for (; at < args.length && args[at].endsWith(".jar"); at++) {
        jars.add(Path.of(args[at]));
      }
      if (jars.isEmpty() || args.length - at < 2) {
        throw new IllegalArgumentException(USAGE);
      }
      YcsbBinding binding = YcsbBinding.ofId(args[at]);
      String letters = args[at + 1];
      List<String> properties = List.of(args).subList(at + 2, args.length);
      for (String property : properties) {
        if (property.indexOf('=') < 1) {
          throw new IllegalArgumentException("a property is NAME=VALUE, not " + property + "; " + USAGE);
        }
      }
      return new Plan(rounds, threads, settings, List.copyOf(jars), binding, letters, properties);
    }

    /** {@code mode} with runs of {@code seconds}, limited by time alone; as it is for 0. */
    private static Settings lengthened(Settings mode, double seconds) {
      if (seconds == 0) {
        return mode;
      }
      long operations = Math.max(mode.operations(), (long) Math.ceil(seconds * OPERATIONS_A_SECOND));
      return new Settings(mode.mode(), mode.records(), Math.min(operations, Integer.MAX_VALUE), seconds, mode.childHeapMiB(), mode.rounds(),
          mode.longestHostWait(), mode.hostWaitBudget());
    }
  }

  private YcsbPair() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    Plan plan = Plan.parse(args);
    for (Path jar : plan.jars()) {
      if (!Files.isRegularFile(jar)) {
        throw new IllegalArgumentException("no such jar: " + jar);
      }
    }
    Settings settings = plan.settings();
    Files.createDirectories(LOG.getParent());
    Files.deleteIfExists(LOG);
    StaleStores.clear(HEAPS);
    HostGate gate = HostGate.onThisHost(settings.longestHostWait(), settings.hostWaitBudget());
    for (int round = 1; round <= plan.rounds(); round++) {
      for (int i = 0; i < plan.jars().size(); i++) {
        Path jar = plan.jars().get(i);
        HostGate.Entry entry = gate.enter();
        ChildRunner child = new ChildRunner(YcsbReport.childJvm(settings, PEER_FLAGS, jar.toString()), WORKLOADS, HEAPS, LOG);
        List<Run> runs = child.run(round, plan.binding(), "-", plan.threads(), plan.letters(), settings, plan.properties());
        String host = gate.leave(entry).describe();
        for (Run run : runs) {
          System.out.printf(Locale.ROOT, "round %d, jar %d (%s): %d thread(s), %c: %,.0f ops/s, p50 %.2f µs, p99 %.2f µs, %d failed; "
              + "collector paused %s, client threads on a CPU %s, steal %s; host stalled %s%n", round, i + 1, jar.getFileName(), run.threads(), run.workload(),
              run.opsPerSecond(), run.p50Us(), run.p99Us(), run.failed(), HostStalls.percent(run.gcPauseShare()), HostStalls.percent(run.clientOnCpuShare()),
              HostStalls.percent(run.time().stealShare()), host);
        }
      }
    }
  }
}
