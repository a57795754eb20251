package org.jnvm.samples;

import java.nio.file.Path;
import java.time.Instant;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.recovery.RecoveryReport;

/**
 * The demo: each run adds a record to a history kept in a persistent heap in the working
 * directory, prints the history, and keeps the last {@value #KEPT} runs, freeing older ones. Run it
 * twice to see the state carried over; kill it and run it again to see recovery.
 *
 * <pre>java -jar samples/target/jnvm-samples.jar [heap-file] [size-in-MiB]</pre>
 */
public final class Main {
  static final int KEPT = 5;
  private static final String ROOT = "history";

  private Main() {}

  public static void main(String[] args) {
    Path file = Path.of(args.length > 0 ? args[0] : "jnvm-demo.heap");
    long mib = args.length > 1 ? Long.parseLong(args[1]) : 64;
    try (Heap heap = Heap.openOrCreate(file, HeapConfig.ofSize(mib << 20))) {
      RecoveryReport r = heap.recoveryReport();
      System.out.printf(
          "heap %s: %d MiB, backend %s, %d live objects recovered in %.1f ms%s%n",
          file, heap.geometry().heapSize() >> 20, heap.persistence().description(), r.liveObjects(), r.nanos() / 1e6,
          r.cleanShutdown() ? "" : " (it was not closed cleanly)");
      RunRecord last = heap.roots().get(ROOT, RunRecord.class);
      RunRecord now = new RunRecord(heap, last == null ? 1 : last.number() + 1, System.currentTimeMillis(), last);
      heap.roots().put(ROOT, now);
      trim(now);
      print(now);
    }
  }

  private static void print(RunRecord newest) {
    System.out.println(newest.number() == 1 ? "first run: the history starts here" : "this is run " + newest.number() + "; the history so far:");
    for (RunRecord r = newest; r != null; r = r.previous()) {
      System.out.printf("  run %d at %s%n", r.number(), Instant.ofEpochMilli(r.startedMillis()));
    }
  }

  private static void trim(RunRecord newest) {
    RunRecord r = newest;
    for (int i = 1; i < KEPT && r != null; i++) {
      r = r.previous();
    }
    if (r != null && r.previous() != null) {
      r.forgetPrevious();
      r.handle().heap().psync();
    }
  }
}
