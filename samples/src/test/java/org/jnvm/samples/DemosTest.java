package org.jnvm.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.samples.bank.BankDemo;
import org.jnvm.samples.lowlevel.LowLevelDemo;
import org.jnvm.samples.simple.SimpleDemo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each demo, run twice on one heap: the second run sees the first one's state. */
class DemosTest {
  private static final long BYTES = 8 << 20;

  @TempDir
  Path dir;

  @Test
  void theSimpleCounterPersists() {
    Path file = dir.resolve("simple.heap");
    assertEquals(43, SimpleDemo.run(file, BYTES));
    assertEquals(44, SimpleDemo.run(file, BYTES));
  }

  @Test
  void theLowLevelPairIsPublishedAndReplaced() {
    Path file = dir.resolve("lowlevel.heap");
    assertEquals(0, LowLevelDemo.run(file, BYTES));
    assertEquals(1, LowLevelDemo.run(file, BYTES));
    assertEquals(2, LowLevelDemo.run(file, BYTES));
  }

  @Test
  void theBankBalancesAcrossRuns() {
    Path file = dir.resolve("bank.heap");
    BankDemo.Outcome first = BankDemo.run(file, BYTES, false);
    BankDemo.Outcome second = BankDemo.run(file, BYTES, false);
    assertTrue(first.balanced() && second.balanced());
    assertEquals(1, first.run());
    assertEquals(2, second.run());
    assertEquals(2L * BankDemo.TRANSFERS, second.transfers() + second.refused() + first.refused());
  }

  @Test
  void theBankBalancesAfterACrashInTheMiddleOfATransfer() throws IOException, InterruptedException {
    Path file = dir.resolve("crash.heap");
    BankDemo.run(file, BYTES, false);
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
        "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
        "-cp", System.getProperty("java.class.path")));
    if (Runtime.version().feature() >= 24) {
      command.add(1, "--sun-misc-unsafe-memory-access=allow");
    }
    command.addAll(List.of(Main.class.getName(), "bank", "crash", file.toString(), String.valueOf(BYTES >> 20)));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
    assertEquals(3, child.waitFor(), "the child halts in mid-transfer");
    BankDemo.Outcome after = BankDemo.run(file, BYTES, false);
    assertTrue(after.balanced());
    assertEquals(3, after.run());
    assertTrue(new File(dir.toFile(), "child.log").length() > 0);
  }
}
