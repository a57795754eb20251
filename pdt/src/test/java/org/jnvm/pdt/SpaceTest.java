package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jnvm.heap.Heap;
import org.junit.jupiter.api.Test;

/**
 * What a map entry costs today, the baseline that packing small immutable objects several to a
 * block (the paper's section 4.4) will improve: a key, a value and a pair take a 256-byte block
 * each, whatever their size, plus 8 bytes of slot array.
 */
class SpaceTest extends HeapTest {
  @Test
  void eachEntryTakesThreeBlocksPlusItsSlot() {
    Heap h = heap.heap();
    int entries = 10_000;
    long before = h.availableBlocks();
    PHashMap<PString, PLong> map = new PHashMap<>(h);
    for (int i = 0; i < entries; i++) {
      map.put(PString.of(h, String.format("user%010d", i)), PLong.of(h, i));
    }
    long slotArrayBlocks = (8 + 8L * 16384 + 255) / 256; // 16 slots doubled up to 16384
    assertEquals(entries, map.size());
    assertEquals(3L * entries + 1 + slotArrayBlocks, before - h.availableBlocks(), "header, slot array, and three blocks an entry");
  }
}
