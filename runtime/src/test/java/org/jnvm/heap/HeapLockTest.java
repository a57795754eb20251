package org.jnvm.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jnvm.JNVM;
import org.jnvm.errors.HeapCorruptedException;
import org.jnvm.errors.HeapInUseException;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.ShmTempDir;
import org.jnvm.persist.PersistenceProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A heap file has one user at a time within a JVM; {@link HeapLockProcessTest} covers processes. */
class HeapLockTest {
  private static final long PID = ProcessHandle.current().pid();

  @TempDir(factory = ShmTempDir.class)
  Path dir;

  private Path file() {
    return dir.resolve("h.heap");
  }

  /** Asserts that opening {@code path} is refused as in use by this process, and changes no byte of the file. */
  private static void assertRefused(Path path, Path file, Runnable open) throws IOException {
    byte[] before = Files.readAllBytes(file);
    HeapInUseException e = assertThrows(HeapInUseException.class, open::run);
    assertEquals(PID, e.holder().orElseThrow(), e.getMessage());
    assertTrue(e.getMessage().contains(path.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("this process (pid " + PID + ")"), e.getMessage());
    assertArrayEquals(before, Files.readAllBytes(file), "the refused open changed the file");
  }

  @Test
  void aCreatedHeapCannotBeOpenedAgainUntilItIsClosed() throws IOException {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20))) {
      heap.roots().put("n", new Node(heap, 7));
      heap.pfence();
      assertRefused(file(), file(), () -> Heap.open(file(), HeapConfig.existing()));
      assertRefused(file(), file(), () -> Heap.openOrCreate(file(), HeapConfig.ofSize(1 << 20)));
      assertRefused(file(), file(), () -> Heap.create(file(), HeapConfig.ofSize(1 << 20)));
      // The holder is unharmed: it still allocates, and a third open is still refused.
      heap.roots().put("m", new Node(heap, 8));
      assertThrows(HeapInUseException.class, () -> Heap.open(file(), HeapConfig.existing()));
    }
    try (Heap heap = Heap.open(file(), HeapConfig.existing())) {
      assertEquals(8, heap.roots().get("m", Node.class).getValue());
      assertTrue(heap.recoveryReport().cleanShutdown());
    }
  }

  @Test
  void anOpenedHeapCannotBeOpenedAgain() throws IOException {
    Heap.create(file(), HeapConfig.ofSize(1 << 20)).close();
    try (Heap heap = Heap.open(file(), HeapConfig.existing())) {
      assertRefused(file(), file(), () -> Heap.open(file(), HeapConfig.existing()));
    }
    Heap.open(file(), HeapConfig.existing()).close();
  }

  @Test
  void hardLinksAndSymlinksAreTheSameFile() throws IOException {
    Heap.create(file(), HeapConfig.ofSize(1 << 20)).close();
    Path hard = Files.createLink(dir.resolve("hard.heap"), file());
    Path symbolic = Files.createSymbolicLink(Files.createDirectory(dir.resolve("sub")).resolve("sym.heap"), Path.of("..", "h.heap"));
    try (Heap heap = Heap.open(file(), HeapConfig.existing())) {
      assertRefused(hard, file(), () -> Heap.open(hard, HeapConfig.existing()));
      assertRefused(symbolic, file(), () -> Heap.open(symbolic, HeapConfig.existing()));
    }
    try (Heap heap = Heap.open(symbolic, HeapConfig.existing())) {
      assertRefused(file(), file(), () -> Heap.open(file(), HeapConfig.existing()));
      assertRefused(hard, file(), () -> Heap.open(hard, HeapConfig.existing()));
    }
  }

  @Test
  void initRefusesAHeapThatIsOpenAndKeepsTheDefaultHeap() throws IOException {
    Heap first = JNVM.init(file().toString(), 1 << 20);
    try {
      assertRefused(file(), file(), () -> JNVM.init(file().toString(), 1 << 20));
      assertSame(first, JNVM.heap());
    } finally {
      JNVM.close();
    }
    try (Heap heap = Heap.open(file(), HeapConfig.existing())) {
      assertRefused(file(), file(), () -> JNVM.init(file().toString(), 1 << 20));
    }
    JNVM.init(file().toString(), 1 << 20);
    JNVM.close();
  }

  @Test
  void anOpenThatFailsGivesTheFileUp() throws IOException {
    Files.write(file(), new byte[8192]);
    assertThrows(HeapCorruptedException.class, () -> Heap.open(file(), HeapConfig.existing()));
    // Refused as damaged again, not as in use by the first attempt.
    assertThrows(HeapCorruptedException.class, () -> Heap.open(file(), HeapConfig.existing()));
  }

  @Test
  void anErrorOutOfAnOpenGivesTheFileUpToo() {
    Heap.create(file(), HeapConfig.ofSize(1 << 20)).close();
    PersistenceProvider failing = mapped -> {
      throw new StackOverflowError("thrown by the test");
    };
    assertThrows(StackOverflowError.class, () -> Heap.open(file(), HeapConfig.existing().persistence(failing)));
    assertThrows(StackOverflowError.class, () -> Heap.open(file(), HeapConfig.existing().persistence(failing)));
    Heap.open(file(), HeapConfig.existing()).close();
  }
}
