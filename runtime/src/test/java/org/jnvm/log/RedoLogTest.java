package org.jnvm.log;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.jnvm.fixtures.ShmTempDir;
import org.jnvm.heap.BlockAccess;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.memory.Memory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replay of COPY entries that name some lines of a block: after a power failure, the lines of an
 * in-flight copy that the block did not write were never written back and may hold anything.
 */
class RedoLogTest {
  private static final long ORIGINAL = 0x0A0A_0A0A_0A0A_0A0AL;
  private static final long WRITTEN = 0x0B0B_0B0B_0B0B_0B0BL;
  private static final long GARBAGE = 0x6A6A_6A6A_6A6A_6A6AL;

  @TempDir(factory = ShmTempDir.class)
  Path dir;

  /** A heap with a log, an original block and an in-flight copy whose line 1 only the block wrote. */
  private static final class Fixture implements AutoCloseable {
    final Heap heap;
    final BlockAccess blocks;
    final RedoLog log;
    final long original;
    final long copy;

    Fixture(Path file) {
      heap = Heap.create(file, HeapConfig.ofSize(1 << 20));
      blocks = heap.blocks();
      log = RedoLog.create(heap);
      original = blocks.allocateBlock();
      copy = blocks.allocateBlock();
      fill(original, 0, blocks.blockSize(), ORIGINAL);
      fill(copy, 0, blocks.blockSize(), GARBAGE);
      fill(copy, 64, 128, WRITTEN);
      log.begin();
      log.appendCopy(original, copy, 0b10);
      log.seal();
      heap.pfence();
    }

    void fill(long block, int from, int to, long word) {
      for (int at = from; at < to; at += 8) {
        Memory.putLong(blocks.address(block) + at, word);
      }
    }

    long word(long block, int at) {
      return Memory.getLong(blocks.address(block) + at);
    }

    @Override
    public void close() {
      heap.close();
    }
  }

  @Test
  void replayCopiesOnlyTheLinesTheBlockWrote() {
    try (Fixture f = new Fixture(dir.resolve("lines.heap"))) {
      assertEquals(1, f.log.replay());
      for (int at = 0; at < f.blocks.blockSize(); at += 8) {
        long expected = at >= 64 && at < 128 ? WRITTEN : ORIGINAL;
        assertEquals(expected, f.word(f.original, at), "word at " + at);
      }
      assertEquals(0, f.log.replay(), "replay empties the log");
    }
  }

  @Test
  void theSealIgnoresLinesTheBlockDidNotWrite() {
    try (Fixture f = new Fixture(dir.resolve("unwritten.heap"))) {
      f.fill(f.copy, 0, 64, ~GARBAGE);
      f.fill(f.copy, 128, f.blocks.blockSize(), ~GARBAGE);
      assertEquals(1, f.log.replay(), "other garbage in the unwritten lines still matches the seal");
      assertEquals(WRITTEN, f.word(f.original, 64));
      assertEquals(ORIGINAL, f.word(f.original, 0));
    }
  }

  @Test
  void theSealCoversTheLinesTheBlockWrote() {
    try (Fixture f = new Fixture(dir.resolve("torn.heap"))) {
      f.fill(f.copy, 64, 72, GARBAGE); // as if that word of the written line had not reached memory
      assertEquals(0, f.log.replay(), "a written line that did not reach memory breaks the seal");
      for (int at = 0; at < f.blocks.blockSize(); at += 8) {
        assertEquals(ORIGINAL, f.word(f.original, at), "word at " + at);
      }
    }
  }

  /**
   * An entry whose mask word did not reach memory reads as naming no lines: its checksum is the
   * "malformed" 0, which must not match a seal word that did not reach memory either (a new log's
   * seal is 0).
   */
  @Test
  void aSealNeverMatchesAMalformedEntry() {
    try (Fixture f = new Fixture(dir.resolve("malformed.heap"))) {
      f.log.replay();
      f.log.begin();
      f.log.appendCopy(f.original, f.copy, 0);
      f.log.seal();
      assertEquals(0, f.log.replay());
    }
  }
}
