package org.jnvm.samples.lowlevel;

import java.nio.file.Path;
import org.jnvm.JNVM;
import org.jnvm.heap.HeapConfig;

/**
 * The main method of the paper's Figure 5: two objects, each with a sub-object, made reachable and
 * then valid under a single pfence. A crash before the fence leaves them invalid, and recovery frees
 * all four. Each run replaces the previous run's pair, and frees it once the new pair is valid.
 */
public final class LowLevelDemo {
  private LowLevelDemo() {}

  /** Runs once on the heap at {@code file}; returns the value the previous run stored, or 0. */
  public static long run(Path file, long bytes) {
    JNVM.init(file, HeapConfig.ofSize(bytes));
    try {
      LowLevel oldA = JNVM.root().get("a", LowLevel.class);
      LowLevel oldB = JNVM.root().get("b", LowLevel.class);
      long previous = oldA == null ? 0 : oldA.getO().getValue();
      long next = previous + 1;

      LowLevel a = new LowLevelProxy("a", next);
      LowLevel b = new LowLevelProxy("b", 100 + next);
      JNVM.pfence(); // the only fence: a, b, a.o and b.o are written back and reachable
      a.validate();
      b.validate();
      JNVM.psync();

      for (LowLevel old : new LowLevel[] {oldA, oldB}) {
        if (old != null) {
          JNVM.free(old.getO());
          JNVM.free(old);
        }
      }
      String stored = "a.o = " + a.getO().getValue() + ", b.o = " + b.getO().getValue() + " under one pfence";
      System.out.println(oldA == null
          ? "first run: stored " + stored
          : "the previous run stored a.o = " + previous + "; this run stored " + stored + " and freed the previous pair");
      return previous;
    } finally {
      JNVM.close();
    }
  }
}
