package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jnvm.heap.Heap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every set kind and policy keeps its elements, order and size across close and reopen. */
class SetPersistenceTest extends HeapTest {
  enum SetKind {
    HASH,
    TREE,
    SKIP_LIST,
    CONCURRENT_HASH;

    boolean sorted() {
      return this == TREE || this == SKIP_LIST;
    }

    PSet<PString> create(Heap heap, Policy policy) {
      return switch (this) {
        case HASH -> new PHashSet<>(heap, policy);
        case TREE -> new PTreeSet<>(heap, policy);
        case SKIP_LIST -> new PSkipListSet<>(heap, policy);
        case CONCURRENT_HASH -> new PConcurrentHashSet<>(heap, policy);
      };
    }
  }

  static Stream<Arguments> kindsAndPolicies() {
    return Stream.of(SetKind.values()).flatMap(k -> Stream.of(Policy.values()).map(p -> Arguments.of(k, p)));
  }

  private static List<String> text(Set<PString> set) {
    List<String> out = new ArrayList<>();
    set.forEach(e -> out.add(e.toString()));
    return out;
  }

  @ParameterizedTest
  @MethodSource("kindsAndPolicies")
  void elementsOrderAndSizeSurviveReopen(SetKind kind, Policy policy) {
    Heap h = heap.heap();
    PSet<PString> set = kind.create(h, policy);
    h.roots().put("set", set);
    Set<String> expected = kind.sorted() ? new TreeSet<>() : new HashSet<>();
    Random random = new Random(kind.name().hashCode() * 31L + policy.name().hashCode());
    for (int step = 0; step < 2000; step++) {
      String e = "e" + random.nextInt(200);
      if (random.nextInt(3) < 2) {
        assertEquals(expected.add(e), set.add(PString.of(h, e)));
      } else {
        assertEquals(expected.remove(e), set.remove(PString.of(h, e)));
      }
    }
    h = heap.reopen();
    @SuppressWarnings("unchecked")
    PSet<PString> back = h.roots().get("set", PSet.class);
    assertEquals(policy, back.policy());
    assertEquals(expected.size(), back.size());
    if (kind.sorted()) {
      assertEquals(new ArrayList<>(expected), text(back));
    } else {
      assertEquals(expected, new HashSet<>(text(back)));
    }
  }

  @ParameterizedTest
  @MethodSource("kindsAndPolicies")
  void removeAndFreeFreesTheStoredElementOnce(SetKind kind, Policy policy) {
    Heap h = heap.heap();
    long available = h.availableBlocks();
    PSet<PString> set = kind.create(h, policy);
    // Strings too large for pool slots, so that every object takes a block of its own to count.
    PString stored = PString.of(h, wide("x"));
    set.add(stored);
    PString probe = PString.of(h, wide("x"));
    assertFalse(set.add(probe), "an equal element is not added twice");
    assertTrue(set.removeAndFree(probe));
    assertFalse(stored.isValid());
    assertFalse(probe.isValid(), "the probe was neither stored nor published");
    h.free(probe); // and not freed either: freeing a freed object would throw
    set.add(PString.of(h, wide("y")));
    set.free(true);
    h.pfence();
    assertEquals(available, h.availableBlocks());
  }
}
