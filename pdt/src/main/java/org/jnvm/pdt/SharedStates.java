package org.jnvm.pdt;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.Heap;

/**
 * The volatile state of pdt objects, shared by every proxy of the same object in a heap. A heap
 * hands out a fresh proxy each time a reference is followed; without sharing, two proxies of one
 * map would keep two mirrors that drift apart, and a resurrection would rescan the whole map.
 *
 * <p>States are keyed by the object's offset. A new object replaces whatever state an old object
 * at the same offset left behind, and {@link #forget} drops a state when pdt frees its object.
 */
final class SharedStates {
  private final ConcurrentHashMap<Long, Object> states = new ConcurrentHashMap<>();
  /** The objects whose state this thread is building: one that leads back to itself is damaged. */
  private final ThreadLocal<Set<Long>> building = ThreadLocal.withInitial(HashSet::new);

  private SharedStates() {}

  private static SharedStates of(Heap heap) {
    return heap.extension(SharedStates.class, h -> new SharedStates());
  }

  /** Records the state of a new object. */
  static <S> S create(PObject owner, S state) {
    of(owner.handle().heap()).states.put(owner.handle().offset(), state);
    return state;
  }

  /**
   * The state of an existing object, built by {@code build} on first use. {@code build} runs
   * outside the map's locks, since it may resurrect other pdt objects; when two threads race, one
   * state wins and both get it.
   */
  static <S> S attach(PObject owner, Class<S> type, Supplier<S> build) {
    SharedStates shared = of(owner.handle().heap());
    Long key = owner.handle().offset();
    Object found = shared.states.get(key);
    if (type.isInstance(found)) {
      return type.cast(found);
    }
    Set<Long> mine = shared.building.get();
    if (!mine.add(key)) {
      Heap heap = owner.handle().heap();
      throw Errors.corrupt(heap.path(), "the object at offset " + key + " leads back to itself while it is loaded, as a key of its own");
    }
    S made;
    try {
      made = build.get();
    } finally {
      mine.remove(key);
    }
    Object raced = shared.states.compute(key, (k, old) -> type.isInstance(old) ? old : made);
    return type.cast(raced);
  }

  /** Drops the state of an object that is being freed. */
  static void forget(PObject owner) {
    of(owner.handle().heap()).states.remove(owner.handle().offset());
  }
}
