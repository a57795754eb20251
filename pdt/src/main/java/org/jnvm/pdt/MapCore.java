package org.jnvm.pdt;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Lock;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;
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
final class MapCore<K, V> {
  /** The header of every map and set: its slot array and its {@link Policy}. */
  static final Layout LAYOUT = Layout.builder().field("slots", FieldKind.REF).field("policy", FieldKind.INT).build();
  private static final long SLOTS = LAYOUT.field("slots").orElseThrow().offset();
  private static final long POLICY = LAYOUT.field("policy").orElseThrow().offset();
  private static final int FIRST_CAPACITY = 16;

  private final Heap heap;
  private final Handle header;
  private final Policy policy;
  private final Map<K, Slot<V>> mirror;
  /** The mirror, with what the core needs of it beyond {@link Map}. */
  private final Mirror<K, V> mirrorOps;
  private final Locking locking;
  private final FreeSlots free = new FreeSlots();
  /** Threads inside a failure-atomic block that changed this map, whose abort would resync it. */
  private final Set<Thread> blocks = ConcurrentHashMap.newKeySet();
  private volatile PArray<PPair> slots;
  private volatile boolean freed;
  /** Under {@link Policy#EAGER}: the values of a loaded map still want their proxies. */
  private final AtomicBoolean eagerFillPending = new AtomicBoolean();

  private MapCore(PObject owner, Policy policy, Mirror<K, V> mirror, Locking locking) {
    this.heap = owner.handle().heap();
    this.header = owner.handle();
    this.policy = policy;
    this.mirror = mirror.entries();
    this.mirrorOps = mirror;
    this.locking = locking;
  }

  /** The core of a new map whose header {@code owner} has just been allocated. */
  static <K, V> MapCore<K, V> create(
      PObject owner, Policy policy, Supplier<? extends Mirror<K, V>> mirror, Locking locking) {
    Handle h = owner.handle();
    h.putInt(POLICY, Objects.requireNonNull(policy, "policy").code());
    h.pwb(0, (int) LAYOUT.size());
    return SharedStates.create(owner, new MapCore<>(owner, policy, mirror.get(), locking));
  }

  /** The core of an existing map: shared with its other proxies, or rebuilt by scanning it. */
  @SuppressWarnings("unchecked")
  static <K, V> MapCore<K, V> attach(
      PObject owner, Supplier<? extends Mirror<K, V>> mirror, Locking locking) {
    MapCore<K, V> core = SharedStates.attach(
        owner,
        MapCore.class,
        () -> {
          int stored = owner.handle().getInt(POLICY);
          Policy policy = Policy.ofCode(stored);
          if (policy == null) {
            throw Errors.corrupt(owner.handle().heap().path(), "the map at offset " + owner.handle().offset() + " has policy " + stored);
          }
          MapCore<K, V> loaded = new MapCore<>(owner, policy, mirror.get(), locking);
          loaded.load();
          return loaded;
        });
    core.fillEagerly();
    return core;
  }

  /**
   * Makes the proxy of every value under {@link Policy#EAGER}, once, after the core is shared: a
   * value that leads back to this map (a map holding itself, or two maps holding each other) then
   * finds the core instead of loading the map again, which never ended.
   */
  private void fillEagerly() {
    // A plain read first: every resurrection of the map comes here, and a compare-and-set is a
    // locked instruction even when it fails.
    if (eagerFillPending.get() && eagerFillPending.compareAndSet(true, false)) {
      for (Slot<V> slot : mirror.values()) {
        value(slot);
      }
    }
  }

  /**
   * Builds the mirror and the free queue from the slot array. Reads only. A sorted mirror compares
   * the keys; keys that do not compare with each other can only come from a damaged file, since
   * a put looks its key up among the others before it writes anything.
   */
  private void load() {
    try {
      PArray<PPair> array = slotArray();
      if (array != null) {
        mirrorOps.expect(array.length());
      }
      slots = scan(array, mirror::put, free);
      eagerFillPending.set(policy == Policy.EAGER);
    } catch (ClassCastException e) {
      throw Errors.corrupt(heap.path(), "the map at offset " + header.offset() + " holds keys that do not compare with each other (" + e.getMessage() + ")");
    }
  }

  /** The map's slot array as the heap holds it, null if it has none yet. */
  @SuppressWarnings("unchecked")
  private PArray<PPair> slotArray() {
    return header.getRef(SLOTS, PArray.class);
  }

  /**
   * Reads the slot array {@code array}: gives each entry to {@code entries} and each empty slot to
   * {@code empty}, last slot first. Pairs are read through bare handles; only keys get proxies
   * (values, under {@link Policy#EAGER}, once the map is loaded: {@link #fillEagerly}). Returns the
   * slot array.
   */
  @SuppressWarnings("unchecked")
  private PArray<PPair> scan(PArray<PPair> array, BiConsumer<K, Slot<V>> entries, FreeSlots empty) {
    int n = array == null ? 0 : array.length();
    for (int i = n - 1; i >= 0; i--) {
      long pair = array.referenceAt(i);
      if (pair == 0) {
        empty.give(i);
        continue;
      }
      Handle p = PPair.at(heap, pair);
      long key = PPair.keyReference(p);
      long value = PPair.valueReference(p);
      if (key == 0 || value == 0) {
        // The key or value was freed while the pair held it; recovery cleared the reference. The
        // slot stays occupied so that nothing overwrites the pair before it is cleaned up.
        continue;
      }
      Slot<V> slot = new Slot<>(i, pair, value, null, 0);
      PPair.bind(p, slot);
      K k = (K) heap.resurrect(key);
      slot.key = k;
      entries.accept(k, slot);
    }
    return array;
  }

  /**
   * Brings the mirror and the free queue back to what the heap holds, after a failure-atomic
   * block that changed the map aborted. Entries the block did not touch keep their mirror entry
   * (and cached value); a concurrent reader sees each key either as it was in the block or as it
   * is now, never missing. Holds every lock of the map, so no change runs meanwhile.
   */
  private void resync() {
    locking.lockAll();
    try {
      Map<K, Slot<V>> truth = new HashMap<>();
      FreeSlots empty = new FreeSlots();
      PArray<PPair> array = scan(slotArray(), truth::put, empty);
      mirror.keySet().retainAll(truth.keySet());
      truth.forEach(
          (key, slot) -> {
            Slot<V> had = mirror.get(key);
            if (had == null || had.index != slot.index || had.pair != slot.pair || had.value() != slot.value()) {
              mirror.put(key, slot);
            }
          });
      free.replaceWith(empty);
      slots = array;
    } finally {
      locking.unlockAll();
    }
  }

  /**
   * Called before the first heap write of a change: inside a failure-atomic block, makes sure
   * that an abort resyncs the mirror, once per block and thread. Outside a block, does nothing.
   */
  private void watchBlock() {
    if (!FailureAtomic.inBlock()) {
      return;
    }
    Thread thread = Thread.currentThread();
    if (blocks.add(thread)) {
      FailureAtomic.onCommit(() -> blocks.remove(thread));
      FailureAtomic.onAbort(
          () -> {
            blocks.remove(thread);
            resync();
          });
    }
  }

  Policy policy() {
    return policy;
  }

  Heap heap() {
    return heap;
  }

  /** The mirror; every operation goes through here. Throws once pdt has freed the map. */
  Map<K, Slot<V>> mirror() {
    if (freed) {
      throw Errors.freed(header.offset());
    }
    return mirror;
  }

  /** {@link #mirror()} with what {@link MapView#get} reads through ({@link Mirror#value}). */
  Mirror<K, V> mirrorOps() {
    if (freed) {
      throw Errors.freed(header.offset());
    }
    return mirrorOps;
  }

  /**
   * The mirror, for an operation that may write to the heap: it also checks that the map was not
   * freed through {@link Heap#free} of any of its proxies, which the header's handle sees, so that
   * a stale proxy cannot write into freed blocks. Reads skip that check, which reads the header
   * table; a read through a stale proxy only sees what the map held.
   */
  private Map<K, Slot<V>> mirrorToChange() {
    if (header.isFreed()) {
      throw Errors.freed(header.offset());
    }
    return mirror();
  }

  /**
   * The value of an entry, as the policy says: its kept proxy, a fresh proxy from its kept shape,
   * or a fresh proxy read from the heap, of which the entry then keeps what the policy says.
   */
  @SuppressWarnings("unchecked")
  V value(Slot<V> slot) {
    V v = slot.cached();
    if (v != null) {
      return v;
    }
    if (policy == Policy.CACHED) {
      v = (V) slot.fromShape(heap);
      if (v != null) {
        return v;
      }
    }
    long reference = slot.value();
    v = (V) heap.resurrect(reference);
    if (policy != Policy.BASE && v != null) {
      keep(slot, reference, v);
    }
    return v;
  }

  /**
   * Makes {@code slot} keep what the policy says of {@code v}, the proxy a reader has just made of
   * the value {@code reference}; left to a later read if a writer holds the key's lock, since only
   * a writer changes the entry.
   */
  private void keep(Slot<V> slot, long reference, V v) {
    ifKeyFree(slot, () -> changeEntry(slot, reference, v, shapeKept((PObject) v), true));
  }

  /**
   * Has {@code table}, this map's mirror, copy what {@code slot} holds of its value into the slot's
   * row of its index, left empty when the index was built ({@link PackedKeyIndex#build}); by a
   * reader, and so, as {@link #keep}, only if the key's lock is free.
   */
  void fillRow(SlotTable<K, V> table, Slot<V> slot) {
    ifKeyFree(slot, () -> table.fillRow(slot));
  }

  /** Runs {@code change} of {@code slot} under its key's lock if no one holds it; else not at all. */
  private void ifKeyFree(Slot<V> slot, Runnable change) {
    Lock lock = locking.key(slot.key);
    if (lock.tryLock()) {
      try {
        change.run();
      } finally {
        lock.unlock();
      }
    }
  }

  /** The shape an entry keeps of {@code value} in place of its proxy, or 0 to keep none. */
  private long shapeKept(PObject value) {
    return policy == Policy.CACHED && value instanceof ImmutableValue ? value.handle().shape() : 0;
  }

  /** The proxy an entry keeps of {@code value}, which it keeps the {@code shape} of (0 for none). */
  private V proxyKept(V value, long shape) {
    return policy == Policy.BASE || shape != 0 ? null : value;
  }

  // ---------------------------------------------------------------- changes

  /**
   * Maps the key that {@code key} is, or stands for as a {@link KeyProbe}, to {@code value}. An
   * absent key is added as {@code newKey} makes it, which is called only then (null: an absent key
   * is not added). With {@code onlyIfAbsent} an existing mapping is kept; with an {@code expected}
   * value, only a key mapped to an equal value is changed; with {@code freeOld}, the value replaced
   * is freed ({@link #freeReplaced}). Returns the previous value, or null if the key was absent or
   * its value was not the expected one.
   */
  V put(Object key, Supplier<? extends K> newKey, V value, boolean onlyIfAbsent, Object expected, boolean freeOld) {
    Objects.requireNonNull(value, "persistent maps hold no null values");
    return underKeyLock(key, s -> {
      if (s == null) {
        if (newKey != null) {
          insert(keyToAdd(key, newKey), value);
        }
        return null;
      }
      V old = value(s);
      if (expected != null && !old.equals(expected)) {
        return null;
      }
      if (!onlyIfAbsent) {
        replace(s, value);
        if (freeOld) {
          freeReplaced(s, old, value);
        }
      }
      return old;
    });
  }

  /**
   * Frees {@code old}, which a value update of {@code s} has just replaced with {@code value},
   * unless the entry still holds it as its value or key; a container goes with what it holds, as
   * {@link Contents#DEEP} frees it. A fence first: neither the update nor a
   * free fences, and the free reaching memory before the new reference would have recovery find
   * the pair referencing an invalid value and drop the key.
   */
  private void freeReplaced(Slot<V> s, V old, V value) {
    long offset = ((PObject) old).handle().offset();
    if (offset != ((PObject) value).handle().offset() && offset != ((PObject) s.key).handle().offset()) {
      heap.pfence();
      Frees.object(heap, (PObject) old, true);
    }
  }

  /** The key that {@code newKey} makes for {@code key}; a probe's must be a key it stands for. */
  private K keyToAdd(Object key, Supplier<? extends K> newKey) {
    K made = Objects.requireNonNull(newKey.get(), "persistent maps hold no null keys");
    if (key instanceof KeyProbe && !key.equals(made)) {
      throw Errors.notTheProbedKey(made, key);
    }
    return made;
  }

  /**
   * {@link Map#computeIfPresent} under the key's lock, with one lookup: a new value replaces the
   * old one with one atomic update, the very value it was given writes nothing (it may have
   * changed in place), and null removes the mapping, freeing only the pair. {@code remapping}
   * gets {@code key}, or the map's own key when {@code key} is a {@link KeyProbe}. Returns the
   * value the key now has, or null.
   */
  @SuppressWarnings("unchecked") // a key that is not a probe is a K; a slot's key is the map's
  V computeIfPresent(Object key, BiFunction<? super K, ? super V, ? extends V> remapping) {
    Objects.requireNonNull(remapping, "remapping");
    return underKeyLock(key, s -> {
      if (s == null) {
        return null;
      }
      V old = value(s);
      checkBeforeRemapping(s, old);
      V next = remapping.apply((K) (key instanceof KeyProbe ? s.key : key), old);
      if (next == null) {
        remove(key, null, Contents.KEEP, null);
      } else if (next != old) {
        replace(s, next);
      }
      return next;
    });
  }

  /**
   * Checks, before a remapping function gets {@code old}, that the heap still holds the entry the
   * mirror has: the pair references {@code old}, and {@code old} is valid. A heap changed behind
   * the map's back then fails here, not in the function. The check also reads, ahead of the
   * function's own work, the two lines that a replacement and the old value's free write later:
   * the pair's value reference and the old value's header. In a map much larger than the cache
   * each is a miss; read here, they overlap with the misses of the function's work (a
   * copy-on-write caller copies the old value) instead of stalling the update one after the other
   * (see docs/design-notes.md). Inside a failure-atomic block the pair is read through the block,
   * and the check is skipped.
   */
  private void checkBeforeRemapping(Slot<V> s, V old) {
    long base = s.pairBase();
    if (base == 0 || !Handle.directAccessAllowed()) {
      return;
    }
    Handle value = ((PObject) old).handle();
    if (PPair.valueReference(base) != value.offset() || !value.isValid()) {
      throw Errors.corrupt(heap.path(), "the map's entry in slot " + s.index + " no longer holds the valid value at offset " + value.offset());
    }
  }

  /**
   * Runs a change of {@code key}'s entry under the key's lock: {@code change} gets the entry, or
   * null when the key is absent, and may write to the heap.
   */
  private <T> T underKeyLock(Object key, Function<Slot<V>, T> change) {
    Objects.requireNonNull(key, "persistent maps hold no null keys");
    Lock lock = locking.key(key);
    lock.lock();
    try {
      return change.apply(mirrorToChange().get(key));
    } finally {
      lock.unlock();
    }
  }

  private void insert(K key, V value) {
    PObject k = (PObject) key;
    PObject v = (PObject) value;
    Publication.prepare(heap, k);
    Publication.prepare(heap, v);
    watchBlock();
    PPair pair = new PPair(heap, k, v);
    int index = takeSlot();
    Lock write = locking.slotWrite();
    write.lock();
    try {
      PArray<PPair> array = slots;
      Publication.update(array.handle(), array.at(index), pair);
    } finally {
      write.unlock();
    }
    long shape = shapeKept(v);
    Slot<V> slot = new Slot<>(index, pair.handle().offset(), v.handle().offset(), proxyKept(value, shape), shape);
    PPair.bind(pair.handle(), slot);
    slot.key = key;
    mirror.put(key, slot);
  }

  /**
   * A value update: the pair's value reference, then the mirror entry, in place. Outside
   * failure-atomic blocks the pair is written at the address its slot was granted; inside one,
   * through a handle, which sees the block's in-flight copies.
   */
  private void replace(Slot<V> s, V value) {
    PObject v = (PObject) value;
    watchBlock();
    long base = s.pairBase();
    if (base != 0 && Handle.directAccessAllowed()) {
      PPair.updateValue(heap, base, v);
    } else {
      PPair.updateValue(PPair.at(heap, s.pair), v);
    }
    long shape = shapeKept(v);
    changeEntry(s, v.handle().offset(), proxyKept(value, shape), shape, false);
  }

  /**
   * Under the key's lock: {@link Slot#update}, or {@link Slot#keep} if {@code ifStill}, through the
   * mirror, which may keep entries' values beside their slots ({@link Mirror#change}).
   */
  private void changeEntry(Slot<V> s, long reference, V proxy, long shape, boolean ifStill) {
    mirrorOps.change(s, reference, proxy, shape, ifStill);
  }

  /**
   * An entry's value from the {@code shape} it keeps (see {@link Slot#fromShape}), read elsewhere
   * with its {@code reference}, as {@link #value} would make it.
   */
  @SuppressWarnings("unchecked")
  V fromShape(long reference, long shape) {
    return (V) heap.resurrect(reference, shape);
  }

  /**
   * Removes {@code key} if it maps to {@code expected} (any value when {@code expected} is null),
   * unlinking it from the mirror with {@code unlink}, which iterators use to remove through their
   * own cursor. Frees the pair, and what {@code contents} says. Returns the old value (alive unless
   * {@code contents} freed it), or null if nothing was removed.
   */
  V remove(Object key, Object expected, Contents contents, Runnable unlink) {
    return underKeyLock(key, s -> {
      if (s == null) {
        return null;
      }
      V old = value(s);
      if (expected != null && !old.equals(expected)) {
        return null;
      }
      watchBlock();
      Lock write = locking.slotWrite();
      write.lock();
      try {
        PArray<PPair> array = slots;
        array.handle().updateRef(array.at(s.index), null);
      } finally {
        write.unlock();
      }
      if (unlink == null) {
        mirror.remove(key);
      } else {
        unlink.run();
      }
      free.give(s.index);
      freePair(s, contents);
      // An entry an iterator handed out before reads null from here on, not a value now freed.
      s.update(0, null, 0);
      return old;
    });
  }

  /** Frees a pair that no slot references any more, and what {@code contents} says of its key and value. */
  private void freePair(Slot<V> s, Contents contents) {
    s.directAccess(0, null);
    Handle pair = PPair.at(heap, s.pair);
    long key = PPair.keyReference(pair);
    heap.free(PPair.PCLASS.attach(pair));
    if (contents.freesKeys()) {
      heap.free(heap.resurrect(key));
    }
    long value = s.value();
    if (contents.freesValues() && !(contents.freesKeys() && value == key)) {
      Frees.object(heap, heap.resurrect(value), contents.freesDeep());
    }
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
      watchBlock();
      PArray<PPair> bigger = PArray.copyOf(heap, old, Math.max(FIRST_CAPACITY, 2 * n));
      header.updateRefAndFree(SLOTS, bigger);
      slots = bigger;
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
      mirrorToChange();
      watchBlock();
      if (FailureAtomic.inBlock()) {
        // Runs after the resync that watchBlock registered: the map is alive again.
        FailureAtomic.onAbort(
            () -> {
              freed = false;
              SharedStates.create(owner, this);
            });
      }
      freed = true;
      heap.free(owner);
      SharedStates.forget(owner);
      PArray<PPair> array = slots;
      for (Slot<V> s : mirror.values()) {
        freePair(s, contents);
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
