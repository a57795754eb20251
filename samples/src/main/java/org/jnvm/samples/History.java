package org.jnvm.samples;

import java.nio.file.Path;
import java.time.Instant;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;

/**
 * A history of runs, kept with {@link RunRecord}, a proxy written by hand: each run adds a record,
 * prints the history and frees records older than the last {@value #KEPT}.
 */
final class History {
  static final int KEPT = 5;
  private static final String ROOT = "history";

  private History() {}

  static void run(Path file, long bytes) {
    try (Heap heap = Heap.openOrCreate(file, HeapConfig.ofSize(bytes))) {
      RunRecord last = heap.roots().get(ROOT, RunRecord.class);
      RunRecord now = new RunRecord(heap, last == null ? 1 : last.number() + 1, System.currentTimeMillis(), last);
      heap.roots().put(ROOT, now);
      trim(now);
      System.out.println(now.number() == 1 ? "first run: the history starts here" : "this is run " + now.number() + "; the history so far:");
      for (RunRecord r = now; r != null; r = r.previous()) {
        System.out.printf("  run %d at %s%n", r.number(), Instant.ofEpochMilli(r.startedMillis()));
      }
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
