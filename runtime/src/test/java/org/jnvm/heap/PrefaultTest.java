package org.jnvm.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.RefArray;
import org.jnvm.fixtures.ShmTempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrefaultTest {
  private static final long MIB = 1 << 20;
  /** Long enough for a loaded machine; the tests wait for a background thread, they time nothing. */
  private static final long PATIENCE_NANOS = 60_000_000_000L;

  /** The first line of a mapping's entry in smaps: its address range. */
  private static final Pattern MAPPING_LINE = Pattern.compile("[0-9a-f]+-[0-9a-f]+ ");

  @TempDir(factory = ShmTempDir.class)
  Path dir;

  private Path file() {
    return dir.resolve("h.heap");
  }

  @Test
  void pagesAheadOfTheBumpPointerAreMappedInWithoutAnyAllocation() throws IOException {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(64 * MIB).prefault(16 * MIB))) {
      long ahead = 16 * MIB / heap.geometry().blockSize();
      long target = heap.bumpPointer() + ahead;
      await(() -> heap.prefaultedThrough() >= target);
      assertTrue(residentBytes(file()) >= 16 * MIB, "the window's pages are resident: " + residentBytes(file()));
    }
  }

  @Test
  void withoutPrefaultPagesComeInOnlyWhenUsed() throws IOException {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(64 * MIB))) {
      assertEquals(-1, heap.prefaultedThrough());
      assertTrue(residentBytes(file()) < 16 * MIB, "resident: " + residentBytes(file()));
    }
  }

  @Test
  void theWindowFollowsAllocation() {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(64 * MIB).prefault(4 * MIB))) {
      long ahead = 4 * MIB / heap.geometry().blockSize();
      for (int i = 0; i < 20; i++) {
        new RefArray(heap, 100_000).publishArray();
      }
      long bump = heap.bumpPointer();
      await(() -> heap.prefaultedThrough() >= bump + ahead);
    }
  }

  @Test
  void stopsAtTheEndOfTheFile() {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(8 * MIB).prefault(64 * MIB))) {
      long end = heap.geometry().blockCount();
      await(() -> heap.prefaultedThrough() == end);
      new Node(heap, 1).publish();
      assertEquals(end, heap.prefaultedThrough());
    }
  }

  @Test
  void closingEndsTheThreadAndKeepsTheData() {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(16 * MIB).prefault(4 * MIB))) {
      heap.roots().put("n", new Node(heap, 7).publish());
      assertTrue(prefaultThreadAlive(), "the heap's prefault thread runs");
    }
    await(() -> !prefaultThreadAlive());
    try (Heap heap = Heap.open(file(), HeapConfig.existing().prefault(4 * MIB))) {
      assertEquals(7, heap.roots().get("n", Node.class).getValue());
    }
    await(() -> !prefaultThreadAlive());
  }

  @Test
  void refusesANegativeWindow() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HeapConfig.ofSize(MIB).prefault(-1));
    assertTrue(e.getMessage().contains("0 to turn it off"), e.getMessage());
  }

  private boolean prefaultThreadAlive() {
    String name = "jnvm-prefault " + file().getFileName();
    return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(name) && t.isAlive());
  }

  private static void await(BooleanSupplier condition) {
    long deadline = System.nanoTime() + PATIENCE_NANOS;
    while (!condition.getAsBoolean()) {
      assertFalse(System.nanoTime() > deadline, "the condition never held");
      Thread.onSpinWait();
      Thread.yield();
    }
  }

  /** This process's resident bytes of the mappings of {@code file}, from Linux's smaps. */
  private static long residentBytes(Path file) throws IOException {
    List<String> lines = Files.readAllLines(Path.of("/proc/self/smaps"));
    String name = file.toRealPath().toString();
    long kib = 0;
    boolean inFile = false;
    for (String line : lines) {
      if (MAPPING_LINE.matcher(line).lookingAt()) {
        inFile = line.endsWith(name);
      } else if (inFile && line.startsWith("Rss:")) {
        kib += Long.parseLong(line.replaceAll("[^0-9]", ""));
      }
    }
    return kib << 10;
  }
}
