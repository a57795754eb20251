package org.jnvm.pdt;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;
import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/**
 * The logic every persistent map and set shares (the paper's section 4.3.2). In the heap a map is
 * a header referencing a slot array, each slot null or a reference to a {@link PPair}. In volatile
 * memory it is a mirror from each key to its {@link Slot} and a queue of free slots. Every insert,
 * value update and removal publishes with one atomic reference update, so the heap is consistent
 * after any crash without failure-atomic blocks. Resurrection rebuilds the mirror by scanning the
 * slots. One core serves all proxies of a map (see {@link SharedStates}).
 *
 * <p>Keys and values are never null. Keys need {@code equals} and {@code hashCode} (and, in sorted
 * maps, {@code compareTo}) that follow their persistent content, as {@link PString} and {@link
 * PLong} do; a key must not change while it is in a map.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
final class MapCore<K extends PObject, V extends PObject> {
  /** The header of every map and set: its slot array and its {@link Policy}. */
  static final Layout LAYOUT = Layout.builder().field("slots", FieldKind.REF).field("policy", FieldKind.INT).build();
  private static final long SLOTS = LAYOUT.field("slots").orElseThrow().offset();
  private static final long POLICY = LAYOUT.field("policy").orElseThrow().offset();
  private static final int FIRST_CAPACITY = 16;

  private final Heap heap;
  private final Handle header;
  private final Policy policy;
  private final Map<K, Slot<V>> mirror;
  private final Locking locking;
  private final FreeSlots free = new FreeSlots();
  private final BlockWatch watch = new BlockWatch();
  private volatile PArray<PPair> slots;
  private volatile boolean freed;

  private MapCore(PObject owner, Policy policy, Map<K, Slot<V>> mirror, Locking locking) {
    this.heap = owner.handle().heap();
    this.header = owner.handle();
    this.policy = policy;
    this.mirror = mirror;
    this.locking = locking;
  }

  /** The core of a new map whose header {@code owner} has just been allocated. */
  static <K extends PObject, V extends PObject> MapCore<K, V> create(
      PObject owner, Policy policy, Supplier<Map<K, Slot<V>>> mirror, Locking locking) {
    Handle h = owner.handle();
    h.putInt(POLICY, Objects.requireNonNull(policy, "policy").code());
    h.pwb(0, (int) LAYOUT.size());
    return SharedStates.create(owner, new MapCore<>(owner, policy, mirror.get(), locking));
  }

  /** The core of an existing map: shared with its other proxies, or rebuilt by scanning it. */
  @SuppressWarnings("unchecked")
  static <K extends PObject, V extends PObject> MapCore<K, V> attach(
      PObject owner, Supplier<Map<K, Slot<V>>> mirror, Locking locking) {
    return SharedStates.attach(
        owner,
        MapCore.class,
        () -> {
          int stored = owner.handle().getInt(POLICY);
          Policy policy = Policy.ofCode(stored);
          if (policy == null) {
            throw Errors.corrupt(owner.handle().heap().path(), "the map at offset " + owner.handle().offset() + " has policy " + stored);
          }
          MapCore<K, V> core = new MapCore<>(owner, policy, mirror.get(), locking);
          core.load();
          return core;
        });
  }

  /** Rebuilds the mirror and the free queue from the slot array. Reads only. */
  @SuppressWarnings("unchecked")
  private void load() {
    PArray<PPair> array = header.getRef(SLOTS, PArray.class);
    slots = array;
    int n = array == null ? 0 : array.length();
    for (int i = n - 1; i >= 0; i--) {
      long pair = array.referenceAt(i);
      if (pair == 0) {
        free.give(i);
        continue;
      }
      PPair p = (PPair) heap.resurrect(pair);
      K key = (K) p.key();
      long value = p.valueReference();
      if (key == null || value == 0) {
        // The key or value was freed while the pair held it; recovery cleared the reference. The
        // slot stays occupied so that nothing overwrites the pair before it is cleaned up.
        continue;
      }
      mirror.put(key, new Slot<>(i, pair, value, policy == Policy.EAGER ? (V) heap.resurrect(value) : null));
    }
  }

  Policy policy() {
    return policy;
  }

  Heap heap() {
    return heap;
  }

  /**
   * The mirror, once any failure-atomic block that changed the map has ended, and once the mirror
   * was rebuilt if that block aborted. Every operation goes through here.
   */
  Map<K, Slot<V>> mirror() {
    if (freed) {
      throw Errors.freed(header.offset());
    }
    if (watch.pending() && !FailureAtomic.inBlock()) {
      Lock grow = locking.grow();
      grow.lock();
      try {
        if (watch.pending() && watch.rolledBack()) {
          mirror.clear();
          free.clear();
          load();
        }
      } finally {
        grow.unlock();
      }
    }
    return mirror;
  }

  /** The value of an entry, as the policy says: fresh, cached or cached already. */
  @SuppressWarnings("unchecked")
  V value(Slot<V> slot) {
    V v = slot.cached;
    if (v != null) {
      return v;
    }
    v = (V) heap.resurrect(slot.value);
    if (policy != Policy.BASE) {
      slot.cached = v;
    }
    return v;
  }

  // ---------------------------------------------------------------- changes

  /**
   * Maps {@code key} to {@code value}. With {@code onlyIfAbsent} an existing mapping is kept; with
   * {@code onlyIfPresent} an absent key is not added; with an {@code expected} value, only a key
   * mapped to an equal value is changed. Returns the previous value, or null if the key was absent
   * or its value was not the expected one.
   */
  V put(K key, V value, boolean onlyIfAbsent, boolean onlyIfPresent, Object expected) {
    Objects.requireNonNull(key, "persistent maps hold no null keys");
    Objects.requireNonNull(value, "persistent maps hold no null values");
    Lock lock = locking.key(key);
    lock.lock();
    try {
      Slot<V> s = mirror().get(key);
      if (s == null) {
        if (!onlyIfPresent) {
          insert(key, value);
        }
        return null;
      }
      V old = value(s);
      if (expected != null && !old.equals(expected)) {
        return null;
      }
      if (!onlyIfAbsent) {
        replace(key, s, value);
      }
      return old;
    } finally {
      lock.unlock();
    }
  }

  private void insert(K key, V value) {
    Publication.prepare(key);
    Publication.prepare(value);
    PPair pair = new PPair(heap, key, value);
    int index = takeSlot();
    Lock write = locking.slotWrite();
    write.lock();
    try {
      writeSlot(index, pair);
    } finally {
      write.unlock();
    }
    mirror.put(key, new Slot<>(index, pair.handle().offset(), value.handle().offset(), policy == Policy.BASE ? null : value));
  }

  private void replace(K key, Slot<V> s, V value) {
    Publication.prepare(value);
    PPair pair = (PPair) heap.resurrect(s.pair);
    long before = BlockWatch.before(pair.handle(), PPair.valueField());
    pair.updateValue(value);
    watch.wrote(pair.handle(), PPair.valueField(), before, value.handle().offset());
    mirror.put(key, new Slot<>(s.index, s.pair, value.handle().offset(), policy == Policy.BASE ? null : value));
  }

  /**
   * Removes {@code key} if it maps to {@code expected} (any value when {@code expected} is null),
   * unlinking it from the mirror with {@code unlink}, which iterators use to remove through their
   * own cursor. Frees the pair, and what {@code contents} says. Returns the old value (alive unless
   * {@code contents} freed it), or null if nothing was removed.
   */
  V remove(Object key, Object expected, Contents contents, Runnable unlink) {
    Objects.requireNonNull(key, "persistent maps hold no null keys");
    Lock lock = locking.key(key);
    lock.lock();
    try {
      Slot<V> s = mirror().get(key);
      if (s == null) {
        return null;
      }
      V old = value(s);
      if (expected != null && !old.equals(expected)) {
        return null;
      }
      Lock write = locking.slotWrite();
      write.lock();
      try {
        writeSlot(s.index, null);
      } finally {
        write.unlock();
      }
      if (unlink == null) {
        mirror.remove(key);
      } else {
        unlink.run();
      }
      free.give(s.index);
      PPair pair = (PPair) heap.resurrect(s.pair);
      long storedKey = pair.keyReference();
      heap.free(pair);
      freeContents(storedKey, s.value, contents);
      return old;
    } finally {
      lock.unlock();
    }
  }

  private void freeContents(long key, long value, Contents contents) {
    if (contents.freesKeys()) {
      heap.free(heap.resurrect(key));
    }
    if (contents.freesValues() && !(contents.freesKeys() && value == key)) {
      heap.free(heap.resurrect(value));
    }
  }

  /** The atomic update of one slot, recorded for a block that might abort. */
  private void writeSlot(int index, PPair pair) {
    PArray<PPair> array = slots;
    long field = array.at(index);
    long before = BlockWatch.before(array.handle(), field);
    array.handle().updateRef(field, pair);
    watch.wrote(array.handle(), field, before, pair == null ? 0 : pair.handle().offset());
  }

  private int takeSlot() {
    int index;
    while ((index = free.take()) < 0) {
      grow();
    }
    return index;
  }

  /** Swaps in a slot array twice as large, with the atomic update of the header's reference. */
  private void grow() {
    Lock grow = locking.grow();
    grow.lock();
    try {
      int had = free.take();
      if (had >= 0) {
        free.give(had); // another thread grew the array meanwhile
        return;
      }
      PArray<PPair> old = slots;
      int n = old == null ? 0 : old.length();
      PArray<PPair> bigger = PArray.copyOf(heap, old, Math.max(FIRST_CAPACITY, 2 * n));
      long before = BlockWatch.before(header, SLOTS);
      header.updateRef(SLOTS, bigger);
      watch.wrote(header, SLOTS, before, bigger.handle().offset());
      slots = bigger;
      if (old != null) {
        heap.free(old);
      }
      free.giveRange(n, bigger.length());
    } finally {
      grow.unlock();
    }
  }

  // ---------------------------------------------------------------- whole map

  /**
   * Frees the map: its header ({@code owner}), slot array and pairs, and what {@code contents}
   * says. The header goes first, so that a crash in the middle leaves nothing reachable through
   * the map; the next recovery reclaims whatever was not freed yet.
   */
  void free(PObject owner, Contents contents) {
    Lock grow = locking.grow();
    grow.lock();
    try {
      mirror();
      freed = true;
      heap.free(owner);
      SharedStates.forget(owner);
      PArray<PPair> array = slots;
      for (Slot<V> s : mirror.values()) {
        PPair pair = (PPair) heap.resurrect(s.pair);
        long key = pair.keyReference();
        heap.free(pair);
        freeContents(key, s.value, contents);
      }
      mirror.clear();
      if (array != null) {
        heap.free(array);
      }
    } finally {
      grow.unlock();
    }
  }
}
