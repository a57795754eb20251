package org.jnvm.pdt;

import org.jnvm.PObject;
import org.jnvm.heap.Heap;

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

  <K extends PObject, V extends PObject> PMap<K, V> create(Heap heap, Policy policy) {
    return switch (this) {
      case HASH -> new PHashMap<>(heap, policy);
      case TREE -> new PTreeMap<>(heap, policy);
      case SKIP_LIST -> new PSkipListMap<>(heap, policy);
      case CONCURRENT_HASH -> new PConcurrentHashMap<>(heap, policy);
    };
  }
}
