package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hash mirror on its own, against a {@code HashMap}, with keys whose hashes collide on purpose;
 * and the shared kind's lookups and iterators while another thread changes the table.
 */
class SlotTableTest {
  /** A key whose hash is its value divided by 8: runs of eight keys share a hash. */
  private record Key(int value) {
    @Override
    public int hashCode() {
      return value / 8;
    }
  }

  private static Slot<String> slot(int index) {
    return new Slot<>(index, 0, index, null, 0);
  }

  @ParameterizedTest(name = "shared by threads: {0}")
  @ValueSource(booleans = {false, true})
  void randomChangesMatchAHashMapThroughGrowthAndCollisions(boolean concurrent) {
    SlotTable<Key, String> table = concurrent ? SlotTable.concurrentForMap() : SlotTable.forMap();
    Map<Key, Integer> expected = new HashMap<>();
    Random random = new Random(7);
    for (int step = 0; step < 50_000; step++) {
      Key k = new Key(random.nextInt(2000));
      switch (random.nextInt(3)) {
        case 0 -> {
          Slot<String> had = table.put(k, slot(step));
          Integer old = expected.put(k, step);
          assertEquals(old == null ? -1 : old, had == null ? -1 : had.index);
        }
        case 1 -> {
          Slot<String> removed = table.remove(k);
          Integer old = expected.remove(k);
          assertEquals(old == null ? -1 : old, removed == null ? -1 : removed.index);
        }
        default -> {
          Slot<String> found = table.get(k);
          assertEquals(expected.get(k) == null ? -1 : expected.get(k), found == null ? -1 : found.index);
        }
      }
      assertEquals(expected.size(), table.size());
    }
    Map<Key, Integer> iterated = new HashMap<>();
    table.forEach((k, s) -> iterated.put(k, s.index));
    assertEquals(expected, iterated);
  }

  @ParameterizedTest(name = "shared by threads: {0}")
  @ValueSource(booleans = {false, true})
  void aTableReadiedForItsEntriesHoldsThemAsATableThatGrew(boolean concurrent) {
    SlotTable<Key, String> table = concurrent ? SlotTable.concurrentForMap() : SlotTable.forMap();
    table.expect(5000);
    for (int i = 0; i < 6000; i++) {
      table.put(new Key(i), slot(i)); // past what it was readied for, so it grows once too
    }
    table.expect(100_000); // too late: the table has entries, and stays as it is
    for (int i = 0; i < 6000; i += 2) {
      assertEquals(i, table.remove(new Key(i)).index);
    }
    for (int i = 0; i < 6000; i++) {
      Slot<String> found = table.get(new Key(i));
      assertEquals(i % 2 == 0 ? -1 : i, found == null ? -1 : found.index);
    }
    assertEquals(3000, table.size());
  }

  @Test
  void aReplacingPutKeepsTheStoredKeyAndIteratorsGoOn() {
    SlotTable<Key, String> table = SlotTable.forMap();
    for (int i = 0; i < 8; i++) {
      table.put(new Key(i), slot(i)); // one chain
    }
    Key stored = new Key(3);
    table.put(stored, slot(30));
    Iterator<Map.Entry<Key, Slot<String>>> it = table.entrySet().iterator();
    int seen = 0;
    while (it.hasNext()) {
      Map.Entry<Key, Slot<String>> e = it.next();
      seen++;
      if (e.getKey().value() == 2) {
        table.put(new Key(5), slot(50)); // replaces a node of the chain being walked
      }
    }
    assertEquals(8, seen, "a node replaced during iteration leaves the walk intact");
    assertEquals(50, table.get(new Key(5)).index);
    Map.Entry<Key, Slot<String>> three = table.entrySet().stream().filter(e -> e.getKey().value() == 3).findFirst().orElseThrow();
    assertNotSame(stored, three.getKey(), "the first key object stays, as HashMap keeps it");
  }

  @Test
  void iteratorRemovalUnlinksAndAddsAreCaught() {
    SlotTable<Key, String> table = SlotTable.forMap();
    for (int i = 0; i < 100; i++) {
      table.put(new Key(i), slot(i));
    }
    Iterator<Map.Entry<Key, Slot<String>>> it = table.entrySet().iterator();
    while (it.hasNext()) {
      if (it.next().getKey().value() % 2 == 0) {
        it.remove();
      }
    }
    assertEquals(50, table.size());
    assertNull(table.get(new Key(10)));
    Slot<String> kept = table.get(new Key(11));
    assertSame(kept, table.get(new Key(11)));
    Iterator<Map.Entry<Key, Slot<String>>> stale = table.entrySet().iterator();
    stale.next();
    table.put(new Key(1000), slot(1000));
    assertThrows(ConcurrentModificationException.class, stale::next);
    table.clear();
    assertTrue(table.isEmpty());
    assertFalse(table.entrySet().iterator().hasNext());
  }

  @Test
  void aSharedTableIteratesWeaklyConsistentlyWhileItGrows() {
    SlotTable<Key, String> table = SlotTable.concurrentForMap();
    for (int i = 0; i < 40; i++) {
      table.put(new Key(i), slot(i));
    }
    Map<Integer, Integer> seen = new HashMap<>();
    Iterator<Map.Entry<Key, Slot<String>>> it = table.entrySet().iterator();
    int added = 1000;
    while (it.hasNext()) {
      seen.merge(it.next().getKey().value(), 1, Integer::sum);
      if (seen.size() <= 20) {
        for (int i = 0; i < 200; i++) {
          table.put(new Key(added), slot(added)); // grows the table several times during the walk
          added++;
        }
      }
    }
    for (int i = 0; i < 40; i++) {
      assertEquals(1, seen.get(i), "key " + i + ", there before the walk began, is seen exactly once");
    }
    seen.forEach((k, times) -> assertEquals(1, times, "key " + k + " is seen once"));
    assertTrue(table.size() > 4000, "the table grew past the length it had when the walk began");
  }

  @Test
  void aSharedTableFindsEveryStableKeyWhileAnotherThreadChangesIt() throws InterruptedException {
    SlotTable<Key, String> table = SlotTable.concurrentForMap();
    int stable = 512;
    for (int i = 0; i < stable; i++) {
      table.put(new Key(i), slot(i));
    }
    AtomicBoolean done = new AtomicBoolean();
    AtomicInteger misses = new AtomicInteger();
    Thread reader =
        new Thread(
            () -> {
              Random random = new Random(11);
              while (!done.get()) {
                int k = random.nextInt(stable);
                Slot<String> s = table.get(new Key(k));
                if (s == null || s.index != k) {
                  misses.incrementAndGet();
                }
              }
            });
    reader.start();
    try {
      // Inserts that grow the table many times over, and removals that unlink nodes from chains
      // the reader may be walking: buckets hold several hashes.
      for (int round = 0; round < 50; round++) {
        for (int i = stable; i < stable + 20_000; i++) {
          table.put(new Key(i), slot(i));
        }
        for (int i = stable; i < stable + 20_000; i++) {
          table.remove(new Key(i));
        }
        table.put(new Key(-1 - round), slot(-1));
      }
    } finally {
      done.set(true);
      reader.join();
    }
    assertEquals(0, misses.get(), "lookups of keys that never left the table");
    assertEquals(stable + 50, table.size());
  }
}
