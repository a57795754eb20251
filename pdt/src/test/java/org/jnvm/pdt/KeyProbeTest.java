package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jnvm.heap.Heap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Looking up a {@code PString} key by a probe finds what looking it up by the key finds. */
class KeyProbeTest extends HeapTest {
  private static final int KEYS = 300;

  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void aProbeFindsTheValueOfItsKeyBeforeAndAfterReopen(MapKind kind, Policy policy) {
    PMap<PString, PString> map = everyOtherKey(kind, policy);
    map.remove(PString.of(heap.heap(), padded(10)));
    checkLookups(map);

    PMap<PString, PString> back = rootMap(heap.reopen());
    checkLookups(back);
  }

  /**
   * Random additions, value replacements, removals and lookups by probe against a {@code HashMap},
   * over enough keys that a hash map grows several times and its removals shift the rows of keys
   * after them in the {@link PackedKeyIndex}; among them runs of keys of one hash ("Aa" and "BB"
   * repeated). Every lookup finds what the model has, and so does every key after reopening.
   */
  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void randomChangesAndProbeLookupsAgreeWithAHashMap(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PLong> map = kind.createRooted(h, policy, "map");
    Map<String, Long> model = new java.util.HashMap<>();
    java.util.Random random = new java.util.Random(11);
    for (int step = 0; step < 20_000; step++) {
      String key = randomKey(random);
      switch (random.nextInt(4)) {
        case 0 -> {
          PLong old = map.put(PString.of(h, key), PLong.of(h, step));
          Long had = model.put(key, (long) step);
          assertEquals(had, old == null ? null : old.longValue(), key);
        }
        case 1 -> {
          boolean removed = map.removeAndFree(PString.probe(key), Contents.KEYS_AND_VALUES);
          assertEquals(model.remove(key) != null, removed, key);
        }
        default -> {
          PLong found = map.get(PString.probe(key));
          assertEquals(model.get(key), found == null ? null : found.longValue(), key);
        }
      }
    }
    checkModel(map, model);
    checkModel(rootMap(heap.reopen()), model);
  }

  /** A key of the form "k" and up to three digits, or a run of "Aa" and "BB", all of one hash. */
  private static String randomKey(java.util.Random random) {
    if (random.nextInt(8) > 0) {
      return "k" + random.nextInt(1500);
    }
    StringBuilder run = new StringBuilder();
    for (int i = 0; i < 5; i++) {
      run.append(random.nextBoolean() ? "Aa" : "BB");
    }
    return run.toString();
  }

  @SuppressWarnings("unchecked")
  private static void checkModel(PMap<?, ?> untyped, Map<String, Long> model) {
    PMap<PString, PLong> map = (PMap<PString, PLong>) untyped;
    assertEquals(model.size(), map.size());
    model.forEach((key, value) -> assertEquals(value, map.get(PString.probe(key)).longValue(), key));
    for (PString key : map.keySet()) {
      assertTrue(model.containsKey(key.toString()), key.toString());
    }
  }

  /** "Aa" and "BB" have the same hash: their keys are told apart by their characters. */
  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void keysWhoseHashesCollideAreToldApartByTheirCharacters(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    assertEquals("Aa".hashCode(), "BB".hashCode());
    PMap<PString, PString> map = kind.createRooted(h, policy, "map");
    map.put(PString.of(h, "Aa"), PString.of(h, "first"));
    assertNull(map.get(PString.probe("BB")));
    assertNull(map.get(PString.of(h, "BB")));
    map.put(PString.of(h, "BB"), PString.of(h, "second"));
    checkCollidingKeys(map, h);
    Heap back = heap.reopen();
    checkCollidingKeys(rootMap(back), back);
  }

  /**
   * A hash map's slot keeps a key of up to 24 Latin-1 characters packed, eight to a word, and
   * compares probes with that. Keys that end at and around a word's end, that differ only in
   * their last word, or only in length where the missing characters would pack as zeros, are each
   * found by their own probe and by no other, and so are keys too long or not Latin-1 to pack.
   */
  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void keysOfEveryLengthAroundThePackedWordsAreToldApart(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    List<String> keys = new ArrayList<>();
    String letters = "abcdefghijklmnopqrstuvwxyz";
    for (int n = 0; n <= letters.length(); n++) {
      keys.add(letters.substring(0, n));
    }
    keys.addAll(List.of("a\u0000", "\u0000", "abcdefghijklmnopqrstuvwY", "abcdefghYjklmnop", "\u00e9t\u00e9", "\u4e2d\u6587"));
    PMap<PString, PString> map = kind.createRooted(h, policy, "map");
    for (String key : keys) {
      map.put(PString.of(h, key), PString.of(h, "value of " + key));
    }
    checkPackedLookups(map, keys);
    checkPackedLookups(rootMap(heap.reopen()), keys);
  }

  private static void checkPackedLookups(PMap<PString, PString> map, List<String> keys) {
    assertEquals(keys.size(), map.size());
    for (String key : keys) {
      assertEquals("value of " + key, map.get(PString.probe(new String(key))).toString(), key);
    }
    for (String absent : List.of("\u0000\u0000", "a\u0000\u0000", "abcdefgh\u0000", "abcdefghijklmnopqrstuvwZ", "abcdefghijklmnopqrstuvwxy\u0000", "b", "\u4e2d", "\u00e9t\u00e8")) {
      assertNull(map.get(PString.probe(absent)), absent);
    }
  }

  private static void checkCollidingKeys(PMap<PString, PString> map, Heap h) {
    assertEquals(2, map.size());
    assertEquals("first", map.get(PString.probe("Aa")).toString());
    assertEquals("second", map.get(PString.probe("BB")).toString());
    assertEquals("first", map.get(PString.of(h, "Aa")).toString());
    assertEquals("second", map.get(PString.of(h, "BB")).toString());
    assertNull(map.get(PString.probe("C#")), "a third string of the same hash");
  }

  /** A hash mirror compares a probe's string with the key's, but a plain String is no probe. */
  @ParameterizedTest
  @EnumSource(value = MapKind.class, names = {"HASH", "CONCURRENT_HASH"})
  void aPlainStringFindsNothingInAHashMap(MapKind kind) {
    PMap<PString, PString> map = everyOtherKey(kind, Policy.CACHED);
    Map<?, ?> untyped = map; // a caller that does pass a String, which Error Prone would flag
    String key = padded(0);
    assertEquals("value0", map.get(PString.probe(key)).toString());
    assertNull(untyped.get(key));
    assertFalse(untyped.containsKey(key));
    assertNull(untyped.remove(key));
    assertEquals(KEYS / 2, map.size());
  }

  private static void checkLookups(PMap<PString, PString> map) {
    for (int i = 0; i < KEYS; i++) {
      String key = padded(i);
      PString byProbe = map.get(PString.probe(key));
      if (i % 2 == 0 && i != 10) {
        assertEquals("value" + i, byProbe.toString(), key);
        assertEquals(byProbe, map.get((Object) PString.probe(key)), "the overload and Map.get agree");
      } else {
        assertNull(byProbe, key);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void computeIfPresentByAProbeChangesTheValueOfItsKeyWithTheMapsOwnKey(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PString> map = kind.createRooted(h, policy, "map");
    for (int i = 0; i < 4; i++) {
      map.put(PString.of(h, "key" + i), PString.of(h, "value" + i));
    }
    PString key1 = map.keySet().stream().filter(k -> k.toString().equals("key1")).findFirst().orElseThrow();
    List<PString> given = new ArrayList<>();

    PString now = map.computeIfPresent(PString.probe("key1"), (k, old) -> {
      assertSame(key1, k, "the function gets the key in the map, not the probe");
      given.add(old);
      return PString.of(h, "changed");
    });
    assertEquals("changed", now.toString());
    assertEquals("changed", map.get(PString.probe("key1")).toString());
    assertEquals("value1", given.get(0).toString(), "the old value is not freed");

    long two = map.get(PString.probe("key2")).handle().offset();
    given.clear();
    PString same = map.computeIfPresent(PString.probe("key2"), (k, old) -> {
      given.add(old);
      return old;
    });
    assertSame(given.get(0), same);
    assertEquals(two, map.get(PString.probe("key2")).handle().offset(), "giving the value back keeps it");
    assertNull(map.computeIfPresent(PString.probe("key3"), (k, old) -> null));
    assertNull(map.get(PString.probe("key3")), "null removes the mapping");
    assertNull(map.computeIfPresent(PString.probe("absent"), (k, old) -> { throw new AssertionError("called for an absent key"); }));
    assertEquals(3, map.size());

    PMap<PString, PString> back = rootMap(heap.reopen());
    assertEquals("changed", back.get(PString.probe("key1")).toString());
    assertEquals("value2", back.get(PString.probe("key2")).toString());
    assertNull(back.get(PString.probe("key3")));
    PString key0 = back.keySet().stream().filter(k -> k.toString().equals("key0")).findFirst().orElseThrow();
    back.computeIfPresent(PString.probe("key0"), (k, old) -> {
      assertSame(key0, k, "a reopened map hands out its own key too");
      return old;
    });
  }

  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#sortedWithPolicies")
  void aProbeFindsWhereASortedMapOrARangeOfItStartsWithTheMapsOwnKey(MapKind kind, Policy policy) {
    checkCeilings(everyOtherKey(kind, policy));
    checkCeilings(rootMap(heap.reopen()));
  }

  private static void checkCeilings(PMap<PString, PString> map) {
    NavigableMapView<PString, PString> sorted = (NavigableMapView<PString, PString>) map;
    for (int i = 0; i < KEYS - 1; i++) {
      PString found = sorted.ceilingKey(PString.probe(padded(i)));
      String wanted = padded(i);
      PString own = sorted.keySet().stream().filter(k -> k.toString().compareTo(wanted) >= 0).findFirst().orElseThrow();
      assertEquals(padded(i + i % 2), found.toString(), padded(i));
      assertSame(own, found, "the map's own key, not a copy");
    }
    assertNull(sorted.ceilingKey(PString.probe(padded(KEYS - 1))), "past the last key");
    assertEquals(padded(0), sorted.ceilingKey(PString.probe("")).toString());

    PString hundred = sorted.ceilingKey(PString.probe(padded(100)));
    NavigableMapView<PString, PString> head = (NavigableMapView<PString, PString>) sorted.headMap(hundred, false);
    NavigableMapView<PString, PString> tail = (NavigableMapView<PString, PString>) sorted.tailMap(hundred, true);
    assertEquals(padded(50), head.ceilingKey(PString.probe(padded(49))).toString());
    assertNull(head.ceilingKey(PString.probe(padded(99))), "the range ends before key 100");
    assertEquals(padded(100), tail.ceilingKey(PString.probe(padded(3))).toString(), "the range starts at key 100");
    NavigableMapView<PString, PString> descending = (NavigableMapView<PString, PString>) head.descendingMap();
    assertEquals(padded(98), descending.ceilingKey(PString.probe(padded(200))).toString(), "in descending order, the greatest key at or below");
  }

  /** A rooted map of the even keys below {@link #KEYS}, in {@link #padded} form, to "value" and the number. */
  private PMap<PString, PString> everyOtherKey(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PString> map = kind.createRooted(h, policy, "map");
    for (int i = 0; i < KEYS; i += 2) {
      map.put(PString.of(h, padded(i)), PString.of(h, "value" + i));
    }
    return map;
  }

  /** Keys whose string order is their numbers' order. */
  private static String padded(int i) {
    return String.format("key%03d", i);
  }

  @Test
  @SuppressWarnings("EqualsIncompatibleType") // comparing a probe with keys is what it is for
  void aProbeEqualsKeysAndProbesOfItsCharactersOnly() {
    PString alice = PString.of(heap.heap(), "alice");
    PString.Probe probe = PString.probe("alice");
    assertTrue(probe.equals(alice));
    assertTrue(probe.equals(PString.probe("alice")));
    assertEquals(alice.hashCode(), probe.hashCode());
    assertEquals(0, probe.compareTo(alice));
    assertTrue(PString.probe("alicf").compareTo(alice) > 0);
    assertFalse(probe.equals(PString.of(heap.heap(), "bob")));
    assertFalse(probe.equals("alice"), "a probe is not a String");
    assertFalse(alice.equals(probe), "a key does not equal its probe: probes are for lookups only");
  }
}
