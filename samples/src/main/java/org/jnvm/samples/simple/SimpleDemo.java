package org.jnvm.samples.simple;

import java.nio.file.Path;
import org.jnvm.JNVM;
import org.jnvm.heap.HeapConfig;

/**
 * The main method of the paper's Figure 3. Each run increments {@code x}; when it passes {@value
 * #RESET_ABOVE}, the run replaces the object with a new one and frees the old one and its message,
 * as the figure's last lines do.
 */
public final class SimpleDemo {
  static final int RESET_ABOVE = 49;

  private SimpleDemo() {}

  /** Runs once on the heap at {@code file}, and returns the value of {@code x} it printed. */
  public static int run(Path file, long bytes) {
    JNVM.init(file, HeapConfig.ofSize(bytes));
    try {
      if (!JNVM.root().exists("simple")) {
        JNVM.root().put("simple", SimpleProxy.create(42));
      }
      Simple s = JNVM.root().get("simple", Simple.class);
      s.inc();
      s.y = 42;
      int x = s.getX();
      System.out.println("x = " + x + ", msg = " + s.getMsg() + " (y = " + s.y + " lives in the proxy only)");
      if (x > RESET_ABOVE) {
        JNVM.root().put("simple", SimpleProxy.create(24));
        JNVM.free(s.getMsg());
        JNVM.free(s);
        System.out.println("x passed " + RESET_ABOVE + ": replaced the object by a new one with x = 24, freed the old one");
      }
      return x;
    } finally {
      JNVM.close();
    }
  }
}
