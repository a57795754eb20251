package org.jnvm.crash;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.crash.scenarios.Scenarios;
import org.junit.jupiter.api.Test;

/** The campaign finds the violations of deliberately broken protocols, so its silence means something. */
class NegativeControlTest {
  @Test
  void brokenProtocolsAreCaught() {
    Path work = CrashFiles.scratch("jnvm-negative-");
    try (Campaign c = new Campaign(new Campaign.Settings(240, 4, 2, false, work, work.resolve("failures")))) {
      Report r = c.run(Scenarios.negativeControls());
      for (ScenarioFamily f : Scenarios.negativeControls()) {
        assertTrue(r.violations(f.name()) > 0, "no violation found in the broken scenario " + f.name() + ":\n" + r.summary());
      }
    } finally {
      CrashFiles.deleteTree(work);
    }
  }
}
