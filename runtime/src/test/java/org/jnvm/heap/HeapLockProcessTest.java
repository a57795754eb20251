package org.jnvm.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jnvm.errors.HeapInUseException;
import org.jnvm.fixtures.ShmTempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A heap open in one process is refused to another, until the OS drops the lock of a killed holder. */
class HeapLockProcessTest {
  @TempDir(factory = ShmTempDir.class)
  Path dir;

  @Test
  void aHeapHeldByAnotherProcessIsRefusedUntilThatProcessIsKilled() throws Exception {
    Path file = dir.resolve("h.heap");
    Process child = holder(file);
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      String line = CompletableFuture.supplyAsync(() -> readLine(out)).get(2, TimeUnit.MINUTES);
      assertEquals(HeapHolder.READY + child.pid(), line, "the child's first line");

      byte[] before = Files.readAllBytes(file);
      HeapInUseException e = assertThrows(HeapInUseException.class, () -> Heap.open(file, HeapConfig.existing()));
      assertEquals(child.pid(), e.holder().orElseThrow(), e.getMessage());
      assertTrue(e.getMessage().contains("process " + child.pid()), e.getMessage());
      assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
      assertArrayEquals(before, Files.readAllBytes(file), "the refused open changed the file");

      child.destroyForcibly();
      assertTrue(child.waitFor(1, TimeUnit.MINUTES), "the child did not die");
      assertFalse(child.isAlive());
      try (Heap heap = Heap.open(file, HeapConfig.existing())) {
        assertFalse(heap.recoveryReport().cleanShutdown(), "the killed child never closed the heap");
      }
    } finally {
      child.destroyForcibly();
    }
  }

  /** A child JVM that creates the heap at {@code file} and holds it, started with the flags of the surefire argLine. */
  private static Process holder(Path file) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"));
    if (Runtime.version().feature() >= 24) {
      command.add("--sun-misc-unsafe-memory-access=allow");
    }
    command.add("-Djava.util.logging.config.file=" + System.getProperty("java.util.logging.config.file", ""));
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), HeapHolder.class.getName(), file.toString()));
    return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
  }

  private static String readLine(BufferedReader in) {
    try {
      return in.readLine();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
