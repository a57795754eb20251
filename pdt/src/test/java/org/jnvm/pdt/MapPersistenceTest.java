package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jnvm.PObject;
import org.jnvm.errors.FreedObjectException;
import org.jnvm.errors.JnvmException;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Every map kind and policy keeps its contents, order and size across close and reopen. */
class MapPersistenceTest extends HeapTest {
  /** The README's example: a typed root map, made on the first run and found on the next. */
  @Test
  void getOrCreateGivesATypedRootMapWithoutACast() {
    Heap h = heap.heap();
    PConcurrentHashMap<PString, PLong> m = h.roots().getOrCreate("m", () -> new PConcurrentHashMap<>(h));
    m.put(PString.of(h, "a"), PLong.of(h, 1));
    Heap again = heap.reopen();
    PConcurrentHashMap<PString, PLong> found =
        again.roots().getOrCreate("m", PConcurrentHashMap.class, () -> new PConcurrentHashMap<>(again));
    assertEquals(1L, found.get(PString.of(again, "a")).longValue());
    assertThrows(ClassCastException.class, () -> again.roots().getOrCreate("m", PTreeMap.class, () -> new PTreeMap<>(again)));
  }

  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void randomChangesMatchAJavaMapAndSurviveReopen(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PString> map = kind.createRooted(h, policy, "map");
    Map<String, String> expected = kind.sorted ? new TreeMap<>() : new HashMap<>();
    Random random = new Random(kind.name().hashCode() * 31L + policy.name().hashCode());
    for (int step = 0; step < 3000; step++) {
      String key = "k" + random.nextInt(300);
      int op = random.nextInt(4);
      if (op < 2) {
        String value = "v" + step;
        String old = expected.put(key, value);
        PString previous = map.put(PString.of(h, key), PString.of(h, value));
        assertEquals(old, previous == null ? null : previous.toString());
      } else if (op == 2) {
        String old = expected.remove(key);
        PString removed = map.remove(PString.of(h, key));
        assertEquals(old, removed == null ? null : removed.toString());
      } else {
        assertEquals(expected.containsKey(key), map.containsKey(PString.of(h, key)));
      }
    }
    assertEquals(expected.size(), map.size());
    if (kind.sorted) {
      assertEquals(new ArrayList<>(expected.keySet()), new ArrayList<>(asText(map).keySet()), "iteration order");
    }
    assertEquals(expected, asText(map));

    for (int restart = 0; restart < 2; restart++) {
      h = heap.reopen();
      PMap<PString, PString> back = rootMap(h);
      assertEquals(policy, back.policy());
      assertEquals(expected.size(), back.size());
      assertEquals(expected, asText(back));
      if (kind.sorted) {
        assertEquals(new ArrayList<>(expected.keySet()), new ArrayList<>(asText(back).keySet()));
      }
    }
    // The reopened map keeps working: its free slots were rebuilt too.
    PMap<PString, PString> back = rootMap(h);
    for (int i = 0; i < 400; i++) {
      back.put(PString.of(h, "new" + i), PString.of(h, "x"));
    }
    assertEquals(expected.size() + 400, rootMap(heap.reopen()).size());
  }

  /**
   * A map may hold itself, or a map that holds it, as a value, as a java.util map may. Under
   * EAGER, reopening one used to make each value's proxy while the map was still loading, so the
   * map loaded itself again without end.
   */
  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void mapsThatHoldThemselvesAndEachOtherAsValuesReopen(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PObject> first = kind.createRooted(h, policy, "first");
    PMap<PString, PObject> second = kind.create(h, policy);
    first.put(PString.of(h, "self"), first);
    first.put(PString.of(h, "other"), second);
    second.put(PString.of(h, "other"), first);
    second.put(PString.of(h, "text"), PString.of(h, "kept"));

    h = heap.reopen();
    @SuppressWarnings("unchecked")
    PMap<PString, PObject> back = h.roots().get("first", PMap.class);
    PObject self = back.get((Object) PString.probe("self"));
    PObject other = back.get((Object) PString.probe("other"));
    assertEquals(back.handle().offset(), self.handle().offset());
    @SuppressWarnings("unchecked")
    PMap<PString, PObject> otherMap = (PMap<PString, PObject>) other;
    assertEquals(back.handle().offset(), otherMap.get((Object) PString.probe("other")).handle().offset());
    assertEquals("kept", otherMap.get((Object) PString.probe("text")).toString());
    assertEquals(2, otherMap.size());
  }

  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void anEntryReadsItsValueWhenAskedAndNullOnceItsKeyIsRemoved(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PString> map = kind.createRooted(h, policy, "map");
    map.put(PString.of(h, "a"), PString.of(h, "1"));
    map.put(PString.of(h, "b"), PString.of(h, "2"));
    Map<String, Map.Entry<PString, PString>> entries = new HashMap<>();
    map.entrySet().forEach(e -> entries.put(e.getKey().toString(), e));

    PString replaced = map.put(PString.of(h, "a"), PString.of(h, "3"));
    assertTrue(map.removeAndFree(PString.of(h, "b"), Contents.VALUES));

    assertEquals("3", entries.get("a").getValue().toString(), "the value when asked, not when iterated");
    assertEquals("1", replaced.toString());
    assertNull(entries.get("b").getValue(), "a removed key's entry reads null, not its freed value");
  }

  /** A value freed behind the map's back, through a proxy of its own, is refused before a remapping function gets it. */
  @ParameterizedTest
  @EnumSource(MapKind.class)
  void computeIfPresentRefusesAValueFreedBehindTheMapsBack(MapKind kind) {
    Heap h = heap.heap();
    PMap<PString, PString> map = kind.createRooted(h, Policy.EAGER, "map");
    map.put(PString.of(h, "a"), PString.of(h, "1"));
    map.put(PString.of(h, "b"), PString.of(h, "2"));
    assertEquals("2!", map.computeIfPresent(PString.probe("b"), (k, v) -> PString.of(h, v + "!")).toString(), "an entry left alone is replaced");

    h.free(h.resurrect(map.get(PString.probe("a")).handle().offset()));
    AtomicBoolean ran = new AtomicBoolean();
    assertThrows(JnvmException.class, () -> map.computeIfPresent(PString.probe("a"), (k, v) -> {
      ran.set(true);
      return v;
    }));
    assertFalse(ran.get(), "the function never saw the freed value");
  }

  @ParameterizedTest
  @EnumSource(MapKind.class)
  void proxiesOfOneMapShareItsMirror(MapKind kind) {
    Heap h = heap.heap();
    PMap<PString, PString> map = kind.createRooted(h, Policy.CACHED, "map");
    PMap<PString, PString> other = rootMap(h);
    assertNotSame(map, other);
    map.put(PString.of(h, "a"), PString.of(h, "1"));
    assertEquals("1", other.get(PString.of(h, "a")).toString());
    assertSame(map.keySet().iterator().next(), other.keySet().iterator().next(), "the key proxy is shared");
  }

  /**
   * Base keeps nothing of a value; eager keeps every proxy; cached keeps the proxy of a mutable
   * value, which a caller may have bound, and only where an immutable value is (see {@link
   * ImmutableValue}), so that its reads make equal fresh proxies.
   */
  @ParameterizedTest
  @EnumSource(Policy.class)
  void policiesDecideWhetherValueProxiesAreKept(Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PObject> map = new PHashMap<>(h, policy);
    h.roots().put("map", map);
    map.put(PString.of(h, "immutable"), PString.of(h, "v"));
    map.put(PString.of(h, "mutable"), PArray.of(h, List.of(PString.of(h, "element"))));
    h = heap.reopen();
    @SuppressWarnings("unchecked")
    PMap<PString, PObject> back = h.roots().get("map", PMap.class);
    for (String key : List.of("immutable", "mutable", "immutable", "mutable")) {
      PObject first = back.get(PString.of(h, key));
      PObject second = back.get(PString.of(h, key));
      assertEquals(first.handle().offset(), second.handle().offset());
      boolean kept = policy == Policy.EAGER || (policy == Policy.CACHED && key.equals("mutable"));
      if (kept) {
        assertSame(first, second, policy + " keeps the " + key + " value's proxy");
      } else {
        assertNotSame(first, second, policy + " makes a fresh proxy of the " + key + " value per get");
      }
    }
    assertEquals("v", back.get(PString.of(h, "immutable")).toString());
  }

  @ParameterizedTest
  @EnumSource(MapKind.class)
  void removalFreesOnlyWhatItIsAskedTo(MapKind kind) {
    Heap h = heap.heap();
    PMap<PString, PString> map = kind.createRooted(h, Policy.BASE, "map");
    PString key = PString.of(h, "key");
    PString value = PString.of(h, "value");
    map.put(key, value);
    assertEquals(value, map.remove(PString.of(h, "key")));
    assertTrue(key.isValid() && value.isValid(), "Map.remove frees neither key nor value");

    map.put(key, value);
    assertTrue(map.removeAndFree(PString.of(h, "key"), Contents.VALUES));
    assertTrue(key.isValid());
    assertFalse(value.isValid());
    assertFalse(map.removeAndFree(PString.of(h, "key"), Contents.KEYS_AND_VALUES));

    PString value2 = PString.of(h, "value2");
    map.put(key, value2);
    assertTrue(map.removeAndFree(key, Contents.KEYS_AND_VALUES));
    assertFalse(value2.isValid());
    assertTrue(map.isEmpty());
  }

  @ParameterizedTest
  @EnumSource(MapKind.class)
  void freeingAMapWithItsContentsReturnsEveryBlock(MapKind kind) {
    Heap h = heap.heap();
    long available = h.availableBlocks();
    // Strings too large for pool slots, so that every object takes blocks of its own to count.
    PMap<PString, PString> map = kind.create(h, Policy.EAGER);
    for (int i = 0; i < 500; i++) {
      map.put(PString.of(h, wide("k" + i)), PString.of(h, wide("v" + i)));
    }
    PString probe = PString.of(h, wide("k7"));
    map.remove(probe); // the stored key and value stay alive: they are the caller's to free
    h.free(probe);
    map.free(Contents.KEYS_AND_VALUES);
    h.pfence();
    assertEquals(available - 2, h.availableBlocks());
    assertThrows(FreedObjectException.class, map::size);
  }

  @ParameterizedTest
  @EnumSource(MapKind.class)
  void freeingAMapWithoutItsContentsKeepsThem(MapKind kind) {
    Heap h = heap.heap();
    PMap<PString, PString> map = kind.create(h, Policy.BASE);
    PString key = PString.of(h, "k");
    PString value = PString.of(h, "v");
    map.put(key, value);
    h.roots().put("value", value);
    map.free(Contents.KEEP);
    h = heap.reopen();
    assertEquals("v", h.roots().get("value", PString.class).toString());
  }

  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void failureAtomicBlocksCommitOrAbortTheMapWithTheirOtherWrites(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, Account> map = kind.createRooted(h, policy, "map");
    for (int i = 0; i < 10; i++) {
      map.put(PString.of(h, "a" + i), new Account(h, PString.of(h, "owner" + i), 100));
    }
    // An aborted block that grows the slot array, replaces, removes and changes a value's field.
    assertThrows(
        IllegalStateException.class,
        () ->
            FailureAtomic.run(
                () -> {
                  for (int i = 10; i < 40; i++) {
                    map.put(PString.of(h, "a" + i), new Account(h, PString.of(h, "late"), i));
                  }
                  map.put(PString.of(h, "a0"), new Account(h, PString.of(h, "replaced"), 0));
                  map.remove(PString.of(h, "a1"));
                  map.get(PString.of(h, "a2")).setBalance(0);
                  throw new IllegalStateException("abort");
                }));
    assertEquals(10, map.size());
    assertEquals("owner0", map.get(PString.of(h, "a0")).owner().toString());
    assertTrue(map.containsKey(PString.of(h, "a1")));
    assertEquals(100, map.get(PString.of(h, "a2")).balance());

    FailureAtomic.run(
        () -> {
          Account from = map.get(PString.of(h, "a3"));
          Account to = map.get(PString.of(h, "a4"));
          from.setBalance(from.balance() - 30);
          to.setBalance(to.balance() + 30);
          map.remove(PString.of(h, "a5"));
          map.put(PString.of(h, "a10"), new Account(h, PString.of(h, "new"), 1));
          map.put(PString.of(h, "a6"), new Account(h, PString.of(h, "in block"), 6));
        });
    // Pairs a block made or rewrote are updated in place, outside blocks, once it committed.
    map.put(PString.of(h, "a10"), new Account(h, PString.of(h, "after"), 10));
    map.put(PString.of(h, "a6"), new Account(h, PString.of(h, "after block"), 6));
    assertEquals(10, map.size());
    Heap reopened = heap.reopen();
    @SuppressWarnings("unchecked")
    PMap<PString, Account> back = reopened.roots().get("map", PMap.class);
    assertEquals(10, back.size());
    assertEquals(70, back.get(PString.of(reopened, "a3")).balance());
    assertEquals(130, back.get(PString.of(reopened, "a4")).balance());
    assertNull(back.get(PString.of(reopened, "a5")));
    assertEquals("after", back.get(PString.of(reopened, "a10")).owner().toString());
    assertEquals("after block", back.get(PString.of(reopened, "a6")).owner().toString());
    assertEquals("owner0", back.get(PString.of(reopened, "a0")).owner().toString());
  }

  @ParameterizedTest
  @EnumSource(MapKind.class)
  void aMapFreedThroughAnyProxyRefusesChanges(MapKind kind) {
    Heap h = heap.heap();
    PMap<PString, PString> map = kind.createRooted(h, Policy.CACHED, "map");
    map.put(PString.of(h, "k"), PString.of(h, "v"));
    PMap<PString, PString> other = rootMap(h);
    h.roots().remove("map");
    h.free(other); // the heap's free, not the map's: the slot array and pairs are left to recovery
    assertThrows(FreedObjectException.class, () -> map.put(PString.of(h, "k2"), PString.of(h, "v2")));
    assertThrows(FreedObjectException.class, () -> map.remove(PString.of(h, "k")));
  }

  @ParameterizedTest
  @EnumSource(MapKind.class)
  void valuesOfAnotherHeapAreRefusedAndTheMapKeepsItsOwn(MapKind kind) {
    Heap h = heap.heap();
    PMap<PString, PString> map = kind.createRooted(h, Policy.CACHED, "map");
    PString k = PString.of(h, "k");
    map.put(k, PString.of(h, "mine"));
    try (Heap other = Heap.create(dir.resolve("other.heap"), HeapConfig.ofSize(16L << 20))) {
      PString foreign = PString.of(other, "foreign");
      IllegalArgumentException update = assertThrows(IllegalArgumentException.class, () -> map.put(k, foreign));
      assertTrue(update.getMessage().contains("references never cross heaps"), update.getMessage());
      assertThrows(IllegalArgumentException.class, () -> map.put(PString.of(h, "k2"), foreign));
      assertFalse(foreign.handle().isValid(), "a refused value is not published in its own heap either");
    }
    assertEquals(Map.of("k", "mine"), asText(map));
    assertEquals(Map.of("k", "mine"), asText(rootMap(heap.reopen())));
  }

  @Test
  void nullsAreRejectedWithAClearMessage() {
    Heap h = heap.heap();
    PMap<PString, PString> map = new PHashMap<>(h);
    PString k = PString.of(h, "k");
    NullPointerException e = assertThrows(NullPointerException.class, () -> map.put(k, null));
    assertEquals("persistent maps hold no null values", e.getMessage());
    assertThrows(NullPointerException.class, () -> map.put(null, k));
    assertThrows(NullPointerException.class, () -> map.get(null));
    assertTrue(map.isEmpty());
  }

  @Test
  void unpublishedKeysAndValuesArePublishedWithTheirPair() {
    Heap h = heap.heap();
    PMap<PString, PString> map = new PTreeMap<>(h);
    PString key = PString.of(h, "k");
    assertFalse(key.isValid());
    map.put(key, PString.of(h, "v"));
    assertTrue(key.isValid());
    h.roots().put("map", map);
    List<String> values = new ArrayList<>();
    rootMap(heap.reopen()).values().forEach(v -> values.add(v.toString()));
    assertEquals(List.of("v"), values);
  }
}
