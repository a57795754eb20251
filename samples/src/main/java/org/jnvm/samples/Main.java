package org.jnvm.samples;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.samples.bank.BankDemo;
import org.jnvm.samples.lowlevel.LowLevelDemo;
import org.jnvm.samples.simple.SimpleDemo;

/**
 * The samples' entry point:
 *
 * <pre>
 * java -jar samples/target/jnvm-samples.jar [bank [crash] | simple | lowlevel | history] [FILE [MIB]]
 * </pre>
 *
 * <ul>
 *   <li>{@code bank} (the default): accounts, transfers in failure-atomic blocks, and a balance
 *       check that holds across runs; {@code crash} halts the JVM in mid-transfer;
 *   <li>{@code simple}: the paper's Figure 3, a counter that persists across runs;
 *   <li>{@code lowlevel}: the paper's Figure 5, objects published under a single pfence;
 *   <li>{@code history}: a history of runs, with a proxy written by hand.
 * </ul>
 *
 * Each demo keeps its heap in the working directory ({@code jnvm-DEMO.heap}, 64 MiB) unless FILE and
 * MIB say otherwise. Run a demo twice to see its state carried over.
 */
public final class Main {
  static final long DEFAULT_MIB = 64;

  private Main() {}

  public static void main(String[] args) {
    List<String> rest = new ArrayList<>(List.of(args));
    String demo = !rest.isEmpty() && List.of("bank", "simple", "lowlevel", "history").contains(rest.get(0)) ? rest.remove(0) : "bank";
    boolean crash = demo.equals("bank") && rest.remove("crash");
    Path file = Path.of(rest.isEmpty() ? "jnvm-" + demo + ".heap" : rest.get(0));
    long bytes = (rest.size() > 1 ? Long.parseLong(rest.get(1)) : DEFAULT_MIB) << 20;
    switch (demo) {
      case "simple" -> SimpleDemo.run(file, bytes);
      case "lowlevel" -> LowLevelDemo.run(file, bytes);
      case "history" -> History.run(file, bytes);
      default -> BankDemo.run(file, bytes, crash);
    }
  }
}
