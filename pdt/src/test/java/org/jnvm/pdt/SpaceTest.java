package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.heap.format.PoolBlock;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What an entry of a {@code PHashMap<PString, PString>} costs in the heap, with 14-character keys
 * and 100-character values, now that strings are pooled (the paper's section 4.4), for several
 * block sizes. Each part is measured as the blocks it takes from the allocator, and checked
 * against a model of the allocator: a pooled object costs its pool block divided by the slots in
 * it, any other object its whole blocks. Pairs hold references, which pool slots cannot hold, so
 * each pair takes a block. Before pooling, at 256-byte blocks, an entry took 3 blocks plus its
 * slot: 781 bytes.
 */
class SpaceTest {
  private static final int ENTRIES = 10_080;
  private static final int KEY_CHARS = 14;
  private static final int VALUE_CHARS = 100;
  private static final long STRING_HEADER = 8;
  private static final long PAIR_BYTES = 16;

  @TempDir(factory = ShmDirectory.class)
  Path dir;

  @ParameterizedTest
  @ValueSource(ints = {64, 128, 256, 1024})
  void anEntryCostsItsKeyValuePairAndSlotAsTheAllocatorModelSays(int blockSize) {
    try (TestHeap heap = new TestHeap(dir, HeapConfig.ofSize(256L << 20).blockSize(blockSize))) {
      Heap h = heap.heap();
      long start = h.availableBlocks();
      List<PString> keys = new ArrayList<>();
      for (int i = 0; i < ENTRIES; i++) {
        keys.add(PString.of(h, String.format(Locale.ROOT, "user%010d", i)));
      }
      long afterKeys = h.availableBlocks();
      List<PString> values = new ArrayList<>();
      for (int i = 0; i < ENTRIES; i++) {
        values.add(PString.of(h, String.format(Locale.ROOT, "%0" + VALUE_CHARS + "d", i)));
      }
      long afterValues = h.availableBlocks();
      PHashMap<PString, PString> map = new PHashMap<>(h, Policy.CACHED);
      for (int i = 0; i < ENTRIES; i++) {
        map.put(keys.get(i), values.get(i));
      }
      long afterMap = h.availableBlocks();
      assertEquals(ENTRIES, map.size());

      double key = perEntry(start - afterKeys, blockSize);
      double value = perEntry(afterKeys - afterValues, blockSize);
      double mapBytes = perEntry(afterValues - afterMap, blockSize);
      double total = key + value + mapBytes;
      System.out.printf(
          Locale.ROOT,
          "space per entry, %d-byte blocks: key %.1f B, value %.1f B, pair and slot %.1f B, total %.1f B%n",
          blockSize, key, value, mapBytes, total);

      double oneBlock = blockSize / (double) ENTRIES; // a pool block partly filled at the end
      assertEquals(modelCost(STRING_HEADER + KEY_CHARS, blockSize), key, oneBlock, "key");
      assertEquals(modelCost(STRING_HEADER + VALUE_CHARS, blockSize), value, oneBlock, "value");
      // The pair and the slot array: 16 slots doubled up to 16384, in a chain of blocks, plus the header.
      long slotArray = blocksFor(8 + 8L * Integer.highestOneBit(ENTRIES * 2 - 1), blockSize) * blockSize;
      double expectedMap = modelCost(PAIR_BYTES, blockSize, false) + (slotArray + blockSize) / (double) ENTRIES;
      assertEquals(expectedMap, mapBytes, 0.01, "pair and slot");
      if (blockSize == 256) {
        assertTrue(key < 40, "a 14-character key shares its block with 6 others");
      }
    }
  }

  private static double perEntry(long blocks, int blockSize) {
    return blocks * (double) blockSize / ENTRIES;
  }

  /** The bytes an immutable object of {@code bytes} costs, per the allocator's pooling rule. */
  private static double modelCost(long bytes, int blockSize) {
    return modelCost(bytes, blockSize, true);
  }

  private static double modelCost(long bytes, int blockSize, boolean poolable) {
    int slot = 16;
    while (slot < bytes) {
      slot <<= 1;
    }
    if (poolable && slot <= 1024 && slot <= blockSize / 4) {
      return blockSize / (double) new PoolBlock(blockSize, slot).slots();
    }
    return blocksFor(bytes, blockSize) * (double) blockSize;
  }

  private static long blocksFor(long bytes, int blockSize) {
    return Math.max(1, (bytes + blockSize - 1) / blockSize);
  }
}
