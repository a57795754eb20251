package org.jnvm.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.fixtures.ShmTempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Memory} picks its Unsafe by whether java.base exports jdk.internal.misc; each choice is
 * tried in a child JVM of the JDK running the tests, with and without the export.
 */
class MemoryTest {
  @TempDir(factory = ShmTempDir.class)
  Path shm;

  @Test
  void withTheExportMemoryUsesTheInternalUnsafeAndTheJvmDoesNotWarn() throws Exception {
    String out = probe(true);
    assertTrue(out.contains("implementation jdk.internal.misc.Unsafe"), out);
    assertTrue(out.contains("sum 5050"), out);
    // JDK 24+ warns at the first use of sun.misc.Unsafe's memory access (JEP 498).
    assertFalse(out.contains("sun.misc.Unsafe"), out);
  }

  @Test
  void withoutItMemoryFallsBackToSunMiscUnsafe() throws Exception {
    String out = probe(false);
    assertTrue(out.contains("implementation sun.misc.Unsafe"), out);
    assertTrue(out.contains("sum 5050"), out);
  }

  private String probe(boolean exported) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    if (exported) {
      command.add("--add-exports");
      command.add("java.base/jdk.internal.misc=ALL-UNNAMED");
    }
    command.add("-Djava.util.logging.config.file=" + System.getProperty("java.util.logging.config.file", ""));
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(MemoryProbe.class.getName());
    command.add(shm.resolve("probe-" + exported + ".heap").toString());
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, child.waitFor(), out);
    return out;
  }
}
