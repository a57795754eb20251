package org.jnvm.tests.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generated accessors read and write the master block directly until the first failure-atomic
 * block of the process; this JVM has run blocks in other tests, so the checks run in a child JVM
 * ({@link DirectAccessChild}) with the same class path and flags.
 */
class DirectAccessTest {
  @TempDir(factory = ShmDirectory.class)
  Path dir;

  @Test
  void directAccessHoldsUntilTheFirstBlockThenHandsOverToIt() throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"));
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), DirectAccessChild.class.getName()));
    command.add(dir.resolve("direct.heap").toString());
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(child.waitFor(2, TimeUnit.MINUTES), "the child finished");
    assertEquals(0, child.exitValue(), output);
    assertTrue(output.contains("direct access checks passed"), output);
  }
}
