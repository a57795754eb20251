package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three maps of a million entries, one per caching policy, sharing their keys and values: they
 * survive a reopen. How long each takes to resurrect is measured in bench (PdtLifecycleReport).
 */
class MillionEntriesTest {
  private static final int ENTRIES = 1_000_000;

  @TempDir(factory = ShmDirectory.class)
  Path dir;

  @Test
  void millionEntryMapsSurviveReopenUnderEveryPolicy() {
    // 64-byte blocks: every object here (a long, a pair) fits one, so the heap stays small.
    try (TestHeap heap = new TestHeap(dir, HeapConfig.ofSize(1L << 30).blockSize(64))) {
      Heap h = heap.heap();
      Map<Policy, PHashMap<PLong, PLong>> maps = new EnumMap<>(Policy.class);
      for (Policy p : Policy.values()) {
        maps.put(p, new PHashMap<>(h, p));
        h.roots().put(p.name(), maps.get(p));
      }
      for (int i = 0; i < ENTRIES; i++) {
        PLong key = PLong.of(h, i);
        PLong value = PLong.of(h, -i);
        for (PHashMap<PLong, PLong> map : maps.values()) {
          map.put(key, value);
        }
      }
      maps.clear();

      h = heap.reopen();
      for (Policy p : Policy.values()) {
        @SuppressWarnings("unchecked")
        PHashMap<PLong, PLong> map = h.roots().get(p.name(), PHashMap.class);
        assertEquals(p, map.policy());
        assertEquals(ENTRIES, map.size());
        for (int i = 0; i < ENTRIES; i += 9973) {
          assertEquals(-i, map.get(PLong.of(h, i)).longValue());
        }
        assertNull(map.get(PLong.of(h, ENTRIES)));
      }
    }
  }
}
