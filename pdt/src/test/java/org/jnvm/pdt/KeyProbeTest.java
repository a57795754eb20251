package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jnvm.heap.Heap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Looking up a {@code PString} key by a probe finds what looking it up by the key finds. */
class KeyProbeTest extends HeapTest {
  private static final int KEYS = 300;

  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void aProbeFindsTheValueOfItsKeyBeforeAndAfterReopen(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, PString> map = kind.createRooted(h, policy, "map");
    for (int i = 0; i < KEYS; i += 2) {
      map.put(PString.of(h, "key" + i), PString.of(h, "value" + i));
    }
    map.remove(PString.of(h, "key10"));
    checkLookups(map);

    PMap<PString, PString> back = rootMap(heap.reopen());
    checkLookups(back);
  }

  private static void checkLookups(PMap<PString, PString> map) {
    for (int i = 0; i < KEYS; i++) {
      String key = "key" + i;
      PString byProbe = map.get(PString.probe(key));
      if (i % 2 == 0 && i != 10) {
        assertEquals("value" + i, byProbe.toString(), key);
        assertEquals(byProbe, map.get((Object) PString.probe(key)), "the overload and Map.get agree");
      } else {
        assertNull(byProbe, key);
      }
    }
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
