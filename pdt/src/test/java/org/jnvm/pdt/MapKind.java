package org.jnvm.pdt;

import java.util.stream.Stream;
import org.jnvm.PObject;
import org.jnvm.heap.Heap;
import org.junit.jupiter.params.provider.Arguments;

/** The persistent map classes, for tests that run on each of them. */
enum MapKind {
  HASH(false),
  TREE(true),
  SKIP_LIST(true),
  CONCURRENT_HASH(false);

  final boolean sorted;

  MapKind(boolean sorted) {
    this.sorted = sorted;
  }

  /** Every kind with every policy, for parameterized tests. */
  static Stream<Arguments> withPolicies() {
    return Stream.of(values()).flatMap(k -> Stream.of(Policy.values()).map(p -> Arguments.of(k, p)));
  }

  /** The sorted kinds with every policy. */
  static Stream<Arguments> sortedWithPolicies() {
    return withPolicies().filter(a -> ((MapKind) a.get()[0]).sorted);
  }

  /** A new map of this kind, published under the root {@code root}. */
  <K extends PObject, V extends PObject> PMap<K, V> createRooted(Heap heap, Policy policy, String root) {
    PMap<K, V> map = create(heap, policy);
    heap.roots().put(root, map);
    return map;
  }

  <K extends PObject, V extends PObject> PMap<K, V> create(Heap heap, Policy policy) {
    return switch (this) {
      case HASH -> new PHashMap<>(heap, policy);
      case TREE -> new PTreeMap<>(heap, policy);
      case SKIP_LIST -> new PSkipListMap<>(heap, policy);
      case CONCURRENT_HASH -> new PConcurrentHashMap<>(heap, policy);
    };
  }
}
