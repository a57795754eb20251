package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.TreeMap;
import org.jnvm.heap.Heap;
import org.jnvm.proxy.Construction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Maps whose values are {@link Customer}s, a class whose proxy the annotation processor generates
 * when this module's tests compile: they are stored, changed in place through their generated
 * accessors and failure-atomic methods, and found again after a reopen, on every map and policy.
 */
class GeneratedValuesTest extends HeapTest {
  private static Customer customer(Heap h, String name, long balance, Customer.Tier tier) {
    return Construction.inHeap(h, () -> CustomerProxy.create(name, balance, tier));
  }

  private static PString key(Heap h, String text) {
    return PString.of(h, text);
  }

  private static Map<String, String> customers(Map<PString, Customer> map) {
    Map<String, String> out = new TreeMap<>();
    map.forEach(
        (k, c) ->
            out.put(
                k.toString(),
                c.getName() + ":" + c.getBalance() + ":" + c.getTier() + ":" + (c.getReferrer() == null ? "-" : c.getReferrer().getName())));
    return out;
  }

  @ParameterizedTest
  @MethodSource("org.jnvm.pdt.MapKind#withPolicies")
  void generatedValuesAreStoredChangedAndFoundAgain(MapKind kind, Policy policy) {
    Heap h = heap.heap();
    PMap<PString, Customer> map = kind.createRooted(h, policy, "customers");
    for (int i = 0; i < 20; i++) {
      map.put(key(h, "c" + i), customer(h, "name" + i, 100, i % 2 == 0 ? Customer.Tier.BASIC : Customer.Tier.GOLD));
    }
    Customer alice = map.get(key(h, "c0"));
    assertInstanceOf(CustomerProxy.class, alice);
    if (policy != Policy.BASE) {
      assertSame(alice, map.get(key(h, "c0")), "the generated proxy is cached");
    }
    Customer bob = map.get(key(h, "c1"));
    alice.transferTo(bob, 30);
    assertThrows(IllegalArgumentException.class, () -> alice.transferTo(bob, 1000));
    bob.setReferrer(alice);
    bob.setTier(Customer.Tier.BASIC);
    map.put(key(h, "c2"), customer(h, "replacement", 7, Customer.Tier.GOLD));
    map.remove(key(h, "c3"));

    // A block that changes both a value's fields and the map aborts as a whole.
    abortedBlock(
        () -> {
          map.get(key(h, "c4")).setBalance(0);
          map.put(key(h, "c5"), customer(h, "never", 0, Customer.Tier.GOLD));
          map.remove(key(h, "c6"));
        });

    Map<String, String> expected = customers(map);
    assertEquals("name0:70:BASIC:-", expected.get("c0"));
    assertEquals("name1:130:BASIC:name0", expected.get("c1"));
    assertEquals("replacement:7:GOLD:-", expected.get("c2"));
    assertNull(expected.get("c3"));
    assertEquals("name4:100:BASIC:-", expected.get("c4"));
    assertEquals("name5:100:GOLD:-", expected.get("c5"));
    assertEquals(19, expected.size());

    Heap reopened = heap.reopen();
    @SuppressWarnings("unchecked")
    PMap<PString, Customer> back = reopened.roots().get("customers", PMap.class);
    assertEquals(policy, back.policy());
    assertEquals(expected, customers(back));
    assertInstanceOf(CustomerProxy.class, back.get(key(reopened, "c1")).getReferrer());
  }
}
