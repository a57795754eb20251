package org.jnvm.bench.table3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link VectorBlocks} adds a block's words as a word-at-a-time loop does, from the right offset. */
class VectorBlocksTest {
  private static final int BLOCKS = 64;
  /** Where the blocks start in the file: not at its start, as on a heap. */
  private static final long FIRST = 3 * 4096 + Block256.BYTES;

  @TempDir Path dir;

  @Test
  void bothSumsAddEveryWordOfTheBlockAndNoOther() throws IOException {
    Path file = dir.resolve("blocks");
    long[] words = new long[BLOCKS * Block256.WORDS];
    SplittableRandom random = new SplittableRandom(11);
    ByteBuffer bytes = ByteBuffer.allocate(words.length * Long.BYTES).order(ByteOrder.nativeOrder());
    for (int i = 0; i < words.length; i++) {
      words[i] = random.nextLong();
      bytes.putLong(words[i]);
    }
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      channel.write(bytes.flip(), FIRST);
    }
    VectorBlocks blocks = new VectorBlocks(file, FIRST, BLOCKS, null);
    for (int b = 0; b < BLOCKS; b++) {
      long expected = 0;
      for (int w = 0; w < Block256.WORDS; w++) {
        expected += words[b * Block256.WORDS + w];
      }
      assertEquals(expected, blocks.sum(b), "block " + b);
      assertEquals(expected, blocks.sumByLoop(b), "block " + b + ", by the loop");
    }
  }
}
