package org.jnvm.crash.kill;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jnvm.crash.CrashFiles;
import org.jnvm.crash.HeapChecks;
import org.jnvm.crash.Violations;
import org.jnvm.heap.Heap;

/**
 * Kills a child JVM that runs a {@link KillWorkload} with SIGKILL at random moments, restarts it,
 * and after each kill recovers the heap in this JVM and checks it: the generic checks of the
 * simulated campaign (a kill leaves the image a crash with every line evicted would), then the
 * workload's own against every id the children reported. Half the kills come at a random time
 * after the child is started, so some land in JVM start-up or in recovery; the others at a random
 * time after the child says it is ready.
 */
final class KillHarness {
  private static final long START_TIMEOUT_SECONDS = 60;

  private final KillWorkload workload;
  private final Path heapFile;
  private final Path log;
  private final Random random;
  private final List<Long> committed = new ArrayList<>();
  private final List<String> violations = new ArrayList<>();
  private int kills;
  private int killsWhileWorking;
  private int childrenSinceReport;

  KillHarness(KillWorkload workload, Path dir, Path log, long seed) {
    this.workload = workload;
    this.heapFile = dir.resolve(workload.name() + ".heap");
    this.log = log;
    this.random = new Random(seed);
  }

  /** Creates the heap, then kills and restarts the child {@code times} times, checking after each. */
  void run(int times) throws IOException, InterruptedException {
    Files.deleteIfExists(heapFile);
    try (Heap heap = Heap.create(heapFile, workload.config())) {
      heap.pfence();
    }
    for (int i = 0; i < times; i++) {
      killOnce(i);
      check("after kill " + (i + 1));
    }
  }

  private void killOnce(int round) throws IOException, InterruptedException {
    Process child = start();
    Reader reader = new Reader(child.getInputStream());
    Thread t = new Thread(reader, "kill-harness-reader");
    t.setDaemon(true);
    t.start();
    boolean afterReady = round % 2 == 1;
    if (afterReady && !reader.ready.await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      violations.add("round " + round + ": the child did not get ready in " + START_TIMEOUT_SECONDS + " s");
    }
    Thread.sleep(afterReady ? 20 + random.nextInt(300) : random.nextInt(700));
    boolean aliveAtKill = child.isAlive();
    // SIGKILL through the handle: Process.destroyForcibly would also close our end of the pipe
    // and drop the lines still in it.
    child.toHandle().destroyForcibly();
    child.waitFor();
    t.join();
    if (!aliveAtKill) {
      violations.add("round " + round + ": the child exited by itself with status " + child.exitValue() + "; see " + log);
    }
    kills++;
    if (!reader.ids.isEmpty()) {
      killsWhileWorking++;
      childrenSinceReport = 0;
    }
    childrenSinceReport++;
    committed.addAll(reader.ids);
  }

  private Process start() throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // No -XX:TieredStopAtLevel=1 or -Xint: on JDK 25 the clwb backend then crashes the JVM (the
    // write-back stubs come with C2; see the crash findings).
    command.add("-Xmx128m");
    command.add("--add-exports");
    command.add("java.base/jdk.internal.misc=ALL-UNNAMED");
    command.add("--add-opens");
    command.add("java.base/jdk.internal.misc=ALL-UNNAMED");
    if (Runtime.version().feature() >= 24) {
      command.add("--sun-misc-unsafe-memory-access=allow");
    }
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(KillChild.class.getName());
    command.add(workload.name());
    command.add(heapFile.toString());
    return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
  }

  private void check(String when) {
    Violations v = new Violations();
    HeapChecks.check(heapFile, v, (heap, found) -> workload.check(heap, new Reports(Collections.unmodifiableList(committed), childrenSinceReport), found));
    for (String m : v.messages()) {
      violations.add(when + " (" + committed.size() + " steps reported): " + m);
    }
  }

  int kills() {
    return kills;
  }

  int killsWhileWorking() {
    return killsWhileWorking;
  }

  List<Long> committed() {
    return committed;
  }

  List<String> violations() {
    return violations;
  }

  /** Collects the child's complete lines; a line cut short by the kill is not counted. */
  private static final class Reader implements Runnable {
    final CountDownLatch ready = new CountDownLatch(1);
    final List<Long> ids = new ArrayList<>();
    private final InputStream in;

    Reader(InputStream in) {
      this.in = in;
    }

    @Override
    public void run() {
      StringBuilder line = new StringBuilder();
      byte[] buffer = new byte[8192];
      try (in) {
        for (int n; (n = in.read(buffer)) > 0; ) {
          for (int i = 0; i < n; i++) {
            if (buffer[i] == '\n') {
              take(line.toString());
              line.setLength(0);
            } else {
              line.append((char) buffer[i]);
            }
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private void take(String line) {
      if (line.equals("ready")) {
        ready.countDown();
      } else if (line.startsWith("c ")) {
        ids.add(Long.parseLong(line.substring(2)));
      }
    }
  }

  static Path defaultLog() {
    return CrashFiles.target().resolve("crash-kills-children.log");
  }
}
