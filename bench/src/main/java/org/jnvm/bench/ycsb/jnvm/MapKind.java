package org.jnvm.bench.ycsb.jnvm;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.jnvm.PObject;
import org.jnvm.heap.Heap;
import org.jnvm.pdt.PConcurrentHashMap;
import org.jnvm.pdt.PHashMap;
import org.jnvm.pdt.PMap;
import org.jnvm.pdt.PSkipListMap;
import org.jnvm.pdt.PTreeMap;
import org.jnvm.pdt.Policy;

/**
 * Which map holds the records: one of the pdt maps for the jnvm bindings, or the {@code
 * java.util} map it stands in for in the volatile binding. Ordered maps scan; hash maps do not.
 * The two that are not thread-safe are guarded by one read-write lock (see {@link Guard}).
 */
public enum MapKind {
  HASH(false, false),
  TREE(true, false),
  SKIPLIST(true, true),
  CONCURRENTHASH(false, true);

  private final boolean ordered;
  private final boolean concurrent;

  MapKind(boolean ordered, boolean concurrent) {
    this.ordered = ordered;
    this.concurrent = concurrent;
  }

  /** The kind named {@code name} as in the property {@code jnvm.map}: hash, tree, skiplist or concurrenthash. */
  public static MapKind named(String name) {
    return valueOf(name.toUpperCase(Locale.ROOT));
  }

  /** The name the property {@code jnvm.map} takes. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether it keeps keys in order, so that YCSB's scans can run. */
  public boolean ordered() {
    return ordered;
  }

  /**
   * What keeps two client threads apart: a lock per key for a concurrent map, whose reads take it
   * too if {@code lockReads}; one read-write lock otherwise.
   */
  Guard guard(boolean lockReads) {
    return concurrent ? new StripedGuard(lockReads) : new ExclusiveGuard();
  }

  /** An empty persistent map of this kind, not yet published. */
  <K extends PObject, V extends PObject> PMap<K, V> persistent(Heap heap, Policy policy) {
    return switch (this) {
      case HASH -> new PHashMap<>(heap, policy);
      case TREE -> new PTreeMap<>(heap, policy);
      case SKIPLIST -> new PSkipListMap<>(heap, policy);
      case CONCURRENTHASH -> new PConcurrentHashMap<>(heap, policy);
    };
  }

  /** The class of {@link #persistent}'s maps, to find one under a root. */
  @SuppressWarnings("rawtypes") // the pdt map classes are generic
  Class<? extends PMap> persistentType() {
    return switch (this) {
      case HASH -> PHashMap.class;
      case TREE -> PTreeMap.class;
      case SKIPLIST -> PSkipListMap.class;
      case CONCURRENTHASH -> PConcurrentHashMap.class;
    };
  }

  /** The {@code java.util} map this kind stands in for. */
  <K, V> Map<K, V> onHeap() {
    return switch (this) {
      case HASH -> new HashMap<>();
      case TREE -> new TreeMap<>();
      case SKIPLIST -> new ConcurrentSkipListMap<>();
      case CONCURRENTHASH -> new ConcurrentHashMap<>();
    };
  }
}
