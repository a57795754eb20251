package org.jnvm.crash.kill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jnvm.crash.CrashFiles;
import org.junit.jupiter.api.Test;

/**
 * Process kills: each workload's child JVM is killed {@code crash.kills} times (default {@value
 * #DEFAULT_KILLS}; at least 50 in the long mode) and checked after each restart. The summary goes
 * to {@code target/crash-kills.txt} and to the log; the children's stderr to {@code
 * target/crash-kills-children.log}.
 */
class KillHarnessTest {
  static final int DEFAULT_KILLS = 10;

  @Test
  void workloadsSurviveKills() throws Exception {
    int times = Integer.getInteger("crash.kills", DEFAULT_KILLS);
    long seed = Long.getLong("crash.kill.seed", 1);
    Path dir = CrashFiles.scratch("jnvm-kill-");
    Path log = KillHarness.defaultLog();
    Files.createDirectories(log.getParent());
    Files.deleteIfExists(log);
    long start = System.nanoTime();
    List<String> lines = new ArrayList<>();
    List<String> violations = new ArrayList<>();
    int kills = 0;
    try {
      for (KillWorkload w : KillWorkloads.all()) {
        KillHarness h = new KillHarness(w, dir, log, seed);
        h.run(times);
        kills += h.kills();
        violations.addAll(h.violations().stream().map(m -> w.name() + ": " + m).toList());
        lines.add(String.format(Locale.ROOT, "%-8s %d kills (%d while it worked), %d steps reported, %d violations",
            w.name(), h.kills(), h.killsWhileWorking(), h.committed().size(), h.violations().size()));
        assertTrue(h.killsWhileWorking() >= times / 4, w.name() + ": only " + h.killsWhileWorking() + " of " + times + " kills interrupted work");
      }
    } finally {
      CrashFiles.deleteTree(dir);
    }
    String text = String.format(Locale.ROOT, "process kills: %d, violations: %d%n", kills, violations.size())
        + String.format(Locale.ROOT, "in %.1f s (crash.kills=%d, crash.kill.seed=%d)%n", (System.nanoTime() - start) / 1e9, times, seed)
        + String.join("\n", lines) + "\n"
        + (violations.isEmpty() ? "" : "Violations:\n" + String.join("\n", violations) + "\n");
    CrashFiles.write(CrashFiles.target().resolve("crash-kills.txt"), text);
    System.out.print(text);
    assertEquals(List.of(), violations);
  }

  @Test
  void aStepReportedBeforeItIsMadeIsCaught() throws Exception {
    Path dir = CrashFiles.scratch("jnvm-kill-negative-");
    try {
      for (KillWorkload w : KillWorkloads.negativeControls()) {
        KillHarness h = new KillHarness(w, dir, KillHarness.defaultLog(), 2);
        h.run(6);
        assertTrue(h.violations().stream().anyMatch(m -> m.contains("last reported step")), w.name() + " was not caught: " + h.violations());
      }
    } finally {
      CrashFiles.deleteTree(dir);
    }
  }
}
