package org.jnvm.bench.tpcb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jnvm.bench.StaleStores;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.samples.tpcb.Bank;

/**
 * One system's run across kills, as in the paper's Figure 11: a child JVM runs transactions on a
 * new bank until it is killed with SIGKILL; a new child starts at once on what is left (for jnvm,
 * the same heap file, recovered; for volatile, nothing) and is killed in turn, a few times; the
 * last one runs for a while, audits the bank and exits. All the children's reports are stamped
 * with this JVM's clock.
 */
final class KillRun {
  private static final long READY_TIMEOUT_SECONDS = 300;
  /** A balance takes one block; the history is given this much room per second of run. */
  private static final long HISTORY_BYTES_PER_SECOND = 32L << 20;

  private final TpcbSystem system;
  private final Settings settings;
  private final Path heapFile;
  private final Path log;

  KillRun(TpcbSystem system, Settings settings, Path dir, Path log) {
    this.system = system;
    this.settings = settings;
    this.heapFile = dir.resolve(StaleStores.TPCB + system.id + "-" + ProcessHandle.current().pid() + ".heap");
    this.log = log;
  }

  /**
   * What the children said, and when: child {@code i} was killed at {@code kills.get(i)}, and the
   * last one ran to its audit.
   */
  record Result(TpcbSystem system, List<Long> kills, List<List<ChildOutput.Line>> children) {}

  Result run() throws IOException, InterruptedException {
    try {
      if (system.persistent()) {
        buildHeap();
      }
      List<Long> kills = new ArrayList<>();
      List<List<ChildOutput.Line>> children = new ArrayList<>();
      Process child = start(0);
      ChildOutput output = follow(child, 0);
      Thread.sleep(millis(settings.beforeKill()));
      for (int k = 0; k < settings.kills(); k++) {
        if (!child.isAlive()) {
          throw new IllegalStateException(system.id + ": child " + k + " exited by itself with status " + child.exitValue() + "; see " + log);
        }
        kills.add(System.nanoTime());
        // SIGKILL through the handle: Process.destroyForcibly would also close our end of the
        // pipe and drop the lines still in it.
        child.toHandle().destroyForcibly();
        child.waitFor();
        output.awaitEnd();
        children.add(output.lines());
        boolean last = k == settings.kills() - 1;
        child = start(last ? settings.afterKill() : 0);
        output = follow(child, k + 1);
        if (!last) {
          Thread.sleep(millis(settings.betweenKills()));
        }
      }
      long budget = (long) settings.afterKill() + READY_TIMEOUT_SECONDS;
      if (!child.waitFor(budget, TimeUnit.SECONDS) || child.exitValue() != 0) {
        child.toHandle().destroyForcibly();
        throw new IllegalStateException(system.id + ": the last child did not finish its run and audit in " + budget + " s; see " + log);
      }
      output.awaitEnd();
      children.add(output.lines());
      return new Result(system, List.copyOf(kills), List.copyOf(children));
    } finally {
      Files.deleteIfExists(heapFile);
    }
  }

  private ChildOutput follow(Process child, int number) throws InterruptedException {
    ChildOutput output = ChildOutput.follow(child, "tpcb-" + system.id + "-" + number);
    awaitReady(child, output);
    return output;
  }

  private static long millis(double seconds) {
    return (long) (seconds * 1000);
  }

  /** Creates the heap and a new bank in it, then closes it. */
  private void buildHeap() throws IOException {
    Files.deleteIfExists(heapFile);
    Bank.Shape shape = settings.shape();
    long balances = shape.branches() + shape.tellers() + (long) shape.accounts();
    long bytes = balances * HeapConfig.DEFAULT_BLOCK_SIZE * 2
        + HISTORY_BYTES_PER_SECOND * (long) Math.ceil(settings.seconds())
        + (64L << 20);
    try (Heap heap = Heap.create(heapFile, HeapConfig.ofSize(bytes).persistence("clwb"))) {
      Bank.openOrCreate(heap, shape);
    }
  }

  private static void awaitReady(Process child, ChildOutput output) throws InterruptedException {
    try {
      if (output.ready.get(READY_TIMEOUT_SECONDS, TimeUnit.SECONDS) == null) {
        throw new IllegalStateException("a child ended before it was ready, with status " + child.waitFor());
      }
    } catch (ExecutionException | TimeoutException e) {
      child.toHandle().destroyForcibly();
      throw new IllegalStateException("a child did not get ready in " + READY_TIMEOUT_SECONDS + " s", e);
    }
  }

  private Process start(double seconds) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx" + settings.childHeapMiB() + "m");
    command.addAll(TpcbReport.JDK_MISC_FLAGS);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(TpcbChild.class.getName());
    command.add(system.id);
    command.add(heapFile.toString());
    command.add(Integer.toString(settings.scale()));
    command.add(Long.toString(Settings.SEED));
    command.add(Double.toString(seconds));
    return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
  }
}
