package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.jnvm.PObject;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.persist.Persistence;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A record as a YCSB binding keeps one, a map from field names to values updated field by field
 * with the calls the map's documentation points to, leaks no block, loses no update and keeps no
 * freed value. Field names and values are {@link HeapTest#wide} enough to take a block each, so
 * that one leaked object shows in {@link Heap#availableBlocks()}.
 */
class RecordUpdateTest extends HeapTest {
  private static final int UPDATES = 1000;
  private static final String FIELD = wide("field0");

  private static PBytes bytes(Heap h, String text) {
    return PBytes.of(h, wide(text).getBytes(StandardCharsets.ISO_8859_1));
  }

  private static String text(PBytes value) {
    byte[] out = new byte[value.length()];
    for (int i = 0; i < out.length; i++) {
      out[i] = value.byteAt(i);
    }
    return new String(out, StandardCharsets.ISO_8859_1).trim();
  }

  /** The maps safe for concurrent use, with each policy. */
  static Stream<Arguments> concurrentWithPolicies() {
    return MapKind.withPolicies().filter(a -> a.get()[0] == MapKind.CONCURRENT_HASH || a.get()[0] == MapKind.SKIP_LIST);
  }

  /** A new record map, under the root "map". */
  private PMap<PString, PBytes> record(MapKind kind, Policy policy) {
    return kind.createRooted(heap.heap(), policy, "map");
  }

  /** {@code rec}, and the record the root "map" holds after reopening, hold only the last update. */
  private void holdsTheLastUpdateBeforeAndAfterReopen(PMap<PString, PBytes> rec) {
    assertEquals(1, rec.size());
    assertEquals("v" + (UPDATES - 1), text(rec.get(PString.probe(FIELD))));
    @SuppressWarnings("unchecked")
    PMap<PString, PBytes> back = heap.reopen().roots().get("map", PMap.class);
    assertEquals(1, back.size());
    assertEquals("v" + (UPDATES - 1), text(back.get(PString.probe(FIELD))));
  }

  /** Free blocks once the frees made so far may be reused, which takes a fence. */
  private static long available(Heap h) {
    h.psync();
    return h.availableBlocks();
  }

  /**
   * Updating one field by probe makes its key once: later puts find the key and call no
   * supplier, so with each replaced value freed as {@link PMap} says, the record costs no more
   * blocks after its first update than before its last.
   */
  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void putByProbeMakesTheKeyOnlyWhenItAddsIt(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PBytes> rec = record(kind, policy);
    AtomicInteger keysMade = new AtomicInteger();
    long before = 0;
    for (int i = 0; i < UPDATES; i++) {
      PBytes old =
          rec.put(
              PString.probe(FIELD),
              () -> {
                keysMade.incrementAndGet();
                return PString.of(h, FIELD);
              },
              bytes(h, "v" + i));
      if (old != null) {
        h.pfence();
        h.free(old);
      }
      if (i == 0) {
        before = available(h);
      }
    }
    assertEquals(before, available(h));
    assertEquals(1, keysMade.get());
    holdsTheLastUpdateBeforeAndAfterReopen(rec);
  }

  /** A supplier whose key is not the probe's is refused before the map changes. */
  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void putByProbeRefusesAKeyOtherThanTheProbes(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PBytes> rec = record(kind, policy);
    PBytes value = bytes(h, "v");
    assertThrows(IllegalArgumentException.class, () -> rec.put(PString.probe("a"), () -> PString.of(h, "b"), value));
    assertTrue(rec.isEmpty());
    assertNull(rec.get(PString.probe("b")));
  }

  /** containsKey, replace, remove and computeIfPresent by probe do what they do by key. */
  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void theOtherLookupsTakeProbes(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PBytes> rec = record(kind, policy);
    PBytes first = bytes(h, "first");
    PBytes second = bytes(h, "second");
    PBytes third = bytes(h, "third");
    PString key = PString.of(h, "f");
    rec.put(key, first);

    assertTrue(rec.containsKey(PString.probe("f")));
    assertFalse(rec.containsKey(PString.probe("g")));
    assertNull(rec.replace(PString.probe("g"), second));
    assertFalse(rec.containsKey(PString.probe("g")));
    assertEquals("first", text(rec.replace(PString.probe("f"), second)));
    assertEquals("second", text(rec.get(PString.probe("f"))));
    assertSame(third, rec.computeIfPresent(PString.probe("f"), (k, v) -> {
      assertEquals(key, k);
      assertEquals("second", text(v));
      return third;
    }));
    assertEquals("third", text(rec.remove(PString.probe("f"))));
    assertTrue(rec.isEmpty());
    assertNull(rec.remove(PString.probe("f")));
    assertArrayEquals(new Object[0], rec.keySet().toArray());
  }

  /**
   * A field updated by {@code putAndFree} in a loop, as a binding's update does, costs no block
   * after its first update: the key is made once and each replaced value is freed.
   */
  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void putAndFreeInALoopLeavesNoBlockBehind(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PBytes> rec = record(kind, policy);
    assertTrue(rec.putAndFree(PString.probe(FIELD), () -> PString.of(h, FIELD), bytes(h, "v0")));
    long before = available(h);
    for (int i = 1; i < UPDATES; i++) {
      assertFalse(rec.putAndFree(PString.probe(FIELD), () -> PString.of(h, FIELD), bytes(h, "v" + i)));
    }
    assertEquals(before, available(h));
    holdsTheLastUpdateBeforeAndAfterReopen(rec);
  }

  /**
   * putAndFree and replaceAndFree by key free the value they replace and nothing else: not an
   * absent key's value, not a value put again in place of itself.
   */
  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void theFreeingUpdatesFreeOnlyTheReplacedValue(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PBytes> rec = record(kind, policy);
    PString key = PString.of(h, FIELD);
    PBytes first = bytes(h, "first");
    PBytes second = bytes(h, "second");
    PBytes third = bytes(h, "third");
    assertFalse(rec.replaceAndFree(key, first));
    assertFalse(rec.replaceAndFree(PString.probe(FIELD), first));
    assertTrue(rec.isEmpty());
    assertTrue(rec.putAndFree(key, first));
    assertFalse(rec.putAndFree(key, first));
    assertTrue(first.handle().isValid());
    assertFalse(rec.putAndFree(PString.of(h, FIELD), second));
    assertTrue(first.handle().isFreed());
    assertTrue(rec.replaceAndFree(PString.probe(FIELD), third));
    assertTrue(second.handle().isFreed());
    assertTrue(rec.replaceAndFree(key, third));
    assertTrue(third.handle().isValid());
    assertEquals("third", text(rec.get(key)));
  }

  /**
   * Threads that update one field of a concurrent map with putAndFree free each replaced value
   * once: none is freed twice or left behind, and the field ends with one of the values put.
   */
  @ParameterizedTest
  @MethodSource("concurrentWithPolicies")
  void concurrentPutAndFreeOfOneFieldFreesEachValueOnce(MapKind kind, Policy policy) throws Exception {
    Heap h = heap.heap();
    PMap<PString, PBytes> rec = record(kind, policy);
    rec.putAndFree(PString.probe(FIELD), () -> PString.of(h, FIELD), bytes(h, "start"));
    long before = available(h);
    Thread[] threads = new Thread[2];
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    for (int t = 0; t < threads.length; t++) {
      String tag = "t" + t + "-";
      threads[t] = new Thread(() -> {
        try {
          for (int i = 0; i < UPDATES / 2; i++) {
            rec.putAndFree(PString.probe(FIELD), () -> PString.of(h, FIELD), bytes(h, tag + i));
          }
          h.psync();
        } catch (Throwable e) {
          failures.add(e);
        }
      });
      threads[t].start();
    }
    for (Thread t : threads) {
      t.join();
    }
    assertEquals(List.of(), failures);
    assertEquals(before, available(h));
    assertTrue(text(rec.get(PString.probe(FIELD))).endsWith("-" + (UPDATES / 2 - 1)));
  }

  /**
   * A record of ten fields, one of them a nested map and one a list of values, as a table holds
   * one, made with {@code h}'s fresh objects.
   */
  private static PHashMap<PString, PObject> newRecord(Heap h, Policy policy) {
    PHashMap<PString, PObject> rec = new PHashMap<>(h, policy);
    for (int f = 0; f < 8; f++) {
      rec.put(PString.of(h, wide("field" + f)), bytes(h, "value" + f));
    }
    PHashMap<PString, PObject> nested = new PHashMap<>(h, policy);
    nested.put(PString.of(h, wide("inner")), bytes(h, "inner value"));
    rec.put(PString.of(h, wide("nested")), nested);
    PArrayList<PBytes> list = new PArrayList<>(h);
    list.add(bytes(h, "first"));
    list.add(bytes(h, "second"));
    rec.put(PString.of(h, wide("list")), list);
    return rec;
  }

  /**
   * A table of records: inserting a record and removing it with {@link Contents#DEEP}, by probe,
   * returns every block, the record's nested map and list with their contents included; and the
   * table, reopened, no longer has it.
   */
  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void aDeepRemovalOfARecordReturnsEveryBlock(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PMap<PString, PObject>> table = kind.createRooted(h, policy, "map");
    table.put(PString.of(h, "other"), new PHashMap<>(h, policy)); // the table's slot array
    long before = available(h);
    for (int cycle = 0; cycle < 3; cycle++) {
      table.put(PString.of(h, wide("user1")), newRecord(h, policy));
      assertTrue(available(h) < before);
      assertTrue(table.removeAndFree(PString.probe(wide("user1")), Contents.DEEP));
      assertEquals(before, available(h), "cycle " + cycle);
    }
    @SuppressWarnings("unchecked")
    PMap<PString, PMap<PString, PObject>> back = heap.reopen().roots().get("map", PMap.class);
    assertEquals(1, back.size());
    assertTrue(back.get(PString.probe("other")).isEmpty());
  }

  /**
   * {@link Contents#KEYS_AND_VALUES} frees a record map whole, its slot array and pairs with its
   * header, and leaves what the record holds allocated, as the values of a map that is not deep.
   */
  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void aShallowRemovalFreesTheRecordMapButNotItsContents(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PMap<PString, PObject>> table = kind.createRooted(h, policy, "map");
    table.put(PString.of(h, "other"), new PHashMap<>(h, policy));
    PString key = PString.of(h, wide("user1"));
    PBytes value = bytes(h, "value");
    PString field = PString.of(h, wide("field"));
    long before = available(h);
    PHashMap<PString, PObject> rec = new PHashMap<>(h, policy);
    rec.put(field, value);
    table.put(key, rec);
    assertTrue(table.removeAndFree(key, Contents.KEYS_AND_VALUES));
    assertEquals(before + 1, available(h)); // the key's block
    assertTrue(field.handle().isValid());
    assertTrue(value.handle().isValid());
  }

  /** Records replaced with putAndFree go with all they hold: the table ends where it began. */
  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void putAndFreeOfRecordsFreesTheReplacedRecordsDeeply(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PMap<PString, PObject>> table = kind.createRooted(h, policy, "map");
    table.putAndFree(PString.probe("user1"), () -> PString.of(h, "user1"), newRecord(h, policy));
    long before = available(h);
    for (int i = 0; i < 20; i++) {
      assertFalse(table.putAndFree(PString.probe("user1"), () -> PString.of(h, "user1"), newRecord(h, policy)));
    }
    assertEquals(before, available(h));
  }

  /** Freeing a table of records with {@link Contents#DEEP} returns every block it took. */
  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void aDeepFreeOfATableReturnsEveryBlock(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    long before = available(h);
    PMap<PString, PMap<PString, PObject>> table = kind.create(h, policy);
    for (int r = 0; r < 5; r++) {
      table.put(PString.of(h, wide("user" + r)), newRecord(h, policy));
    }
    table.free(Contents.DEEP);
    assertEquals(before, available(h));
  }

  /** Records the write-backs ('w') and fences ('f') of a heap, in order, while it is on. */
  private static final class OrderOfWrites implements Persistence {
    final StringBuilder events = new StringBuilder();
    boolean on;

    @Override
    public String name() {
      return "order of writes";
    }

    @Override
    public void pwb(long address) {
      if (on) {
        events.append('w');
      }
    }

    @Override
    public void pfence() {
      if (on) {
        events.append('f');
      }
    }

    @Override
    public void psync() {
      pfence();
    }
  }

  /**
   * putAndFree writes the replaced value's free back only after a fence that follows the write-back
   * of the new reference: from the fence that publishes the update on, no two write-backs run
   * without a fence between them, so recovery never finds the pair referencing a freed value.
   */
  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void putAndFreeFencesBetweenTheUpdateAndTheFree(MapKind kind, Policy policy) throws Exception {
    OrderOfWrites order = new OrderOfWrites();
    Path file = Files.createDirectories(dir.resolve("ordered")).resolve("test.heap");
    try (Heap h = Heap.create(file, HeapConfig.ofSize(16L << 20).persistence(f -> order))) {
      PMap<PString, PBytes> rec = kind.create(h, policy);
      rec.put(PString.of(h, FIELD), bytes(h, "old"));
      PBytes old = rec.get(PString.probe(FIELD));
      PBytes next = bytes(h, "new");
      order.on = true;
      assertFalse(rec.putAndFree(PString.probe(FIELD), () -> PString.of(h, FIELD), next));
      order.on = false;
      assertTrue(old.handle().isFreed());
      String afterPublication = order.events.substring(order.events.indexOf("f"));
      assertTrue(afterPublication.matches("(f+w)+f*"), order.events.toString());
    }
  }
}
