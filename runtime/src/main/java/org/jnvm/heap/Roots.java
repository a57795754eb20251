package org.jnvm.heap;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.format.Geometry;
import org.jnvm.heap.format.Utf8;
import org.jnvm.memory.Memory;

/**
 * Named persistent roots, the paper's {@code JNVM.root}: the objects from which liveness is
 * decided. The table has a fixed number of entries, chosen when the heap is created; each entry is
 * one cache line:
 *
 * <pre>
 *  0 reference (u64, 0 = entry free)   8 name length (u8, 1..55)   9 name (UTF-8)
 * </pre>
 *
 * {@link #put} is failure-atomic: the name is durable before the reference, a new object is
 * published ({@link org.jnvm.heap.Handle#publishIfNew()}) before it is reachable, and the reference
 * is a single 8-byte store, fenced before put returns.
 * {@link #wput} is the paper's weak put: a store and a write-back, no validation, and no fence
 * unless the name is new.
 */
public final class Roots {
  public static final int MAX_NAME_BYTES = Geometry.ROOT_ENTRY_BYTES - 9;

  private final Heap heap;
  private final long base;
  private final int capacity;
  private final Map<String, Integer> slots = new HashMap<>();

  Roots(Heap heap, long base, int capacity) {
    this.heap = heap;
    this.base = base;
    this.capacity = capacity;
    load();
  }

  private void load() {
    for (int i = 0; i < capacity; i++) {
      long e = entry(i);
      if (Memory.getLong(e) == 0) {
        continue;
      }
      String name = readName(e);
      if (name == null) {
        throw Errors.corrupt(heap.path(), "root entry " + i + " has a malformed name");
      }
      if (slots.putIfAbsent(name, i) != null) {
        throw Errors.corrupt(heap.path(), "root '" + name + "' appears twice");
      }
    }
  }

  private long entry(int slot) {
    return base + (long) slot * Geometry.ROOT_ENTRY_BYTES;
  }

  private static String readName(long e) {
    int length = Memory.getByte(e + 8) & 0xff;
    if (length < 1 || length > MAX_NAME_BYTES) {
      return null;
    }
    return Utf8.read(e + 9, length);
  }

  /** Binds {@code name} to {@code value}, failure-atomically and durably. A previous value is not freed. */
  public synchronized void put(String name, PObject value) {
    heap.checkOpen();
    if (InFlight.callerInBlock()) {
      throw Errors.rootInBlock(name);
    }
    if (value == null && !slots.containsKey(name)) {
      return;
    }
    long target = heap.referenceTo(value);
    long e = entryFor(name);
    if (value != null) {
      value.handle().publishIfNew();
    }
    heap.pfence();
    Memory.putLong(e, target);
    heap.persistence.pwb(e);
    heap.pfence();
    if (target == 0) {
      slots.remove(name);
    }
  }

  /** The weak put: no validation, and no fence for an existing name; durable at the caller's next pfence. */
  public synchronized void wput(String name, PObject value) {
    heap.checkOpen();
    if (InFlight.callerInBlock()) {
      throw Errors.rootInBlock(name);
    }
    if (value == null && !slots.containsKey(name)) {
      return;
    }
    long target = heap.referenceTo(value);
    // A new name is fenced before its reference even here: the two share a line, and a line torn
    // between a durable reference and a lost name would read as a damaged root table.
    long e = entryFor(name);
    Memory.putLong(e, target);
    heap.persistence.pwb(e);
    if (target == 0) {
      slots.remove(name);
    }
  }

  /** The root's object with a fresh proxy, or null. */
  public synchronized PObject get(String name) {
    heap.checkOpen();
    Integer slot = slots.get(name);
    return slot == null ? null : heap.resurrect(Memory.getLong(entry(slot)));
  }

  /** Like {@link #get(String)}, checking the type. */
  public <T extends PObject> T get(String name, Class<T> type) {
    PObject o = get(name);
    if (o != null && !type.isInstance(o)) {
      throw Errors.wrongRootType(name, o.getClass(), type);
    }
    return type.cast(o);
  }

  /**
   * The root {@code name}, made by {@code create} and put (failure-atomically) if there is none.
   * {@code create} runs outside the table's lock, so callers racing on one name may each make an
   * object: one is published, every caller gets it, and the others' new objects are freed (the
   * supplier's object only: objects it made and linked wait for the next open's recovery). When
   * the root exists already its type cannot be checked against the erased {@code T}, so a wrong
   * one fails where the result is assigned; {@link #getOrCreate(String, Class, Supplier)} checks it.
   * A caller that made an object and lost the race checks the winner against its object's class.
   *
   * @throws ClassCastException ({@link Errors#wrongRootType}) if this caller made an object and the
   *     root that won is not of its class
   */
  public <T extends PObject> T getOrCreate(String name, Supplier<T> create) {
    return obtain(name, null, create);
  }

  /**
   * {@link #getOrCreate(String, Supplier)} that checks an existing root against {@code type}, a
   * class rather than a parameterised type ({@code PMap.class} for a {@code PMap<K, V>}).
   *
   * @throws ClassCastException ({@link Errors#wrongRootType}) if the root is not a {@code type}
   */
  public <T extends PObject> T getOrCreate(String name, Class<? super T> type, Supplier<T> create) {
    return obtain(name, Objects.requireNonNull(type, "type"), create);
  }

  private <T extends PObject> T obtain(String name, Class<?> type, Supplier<T> create) {
    heap.checkOpen();
    if (InFlight.callerInBlock()) {
      throw Errors.rootInBlock(name);
    }
    nameBytes(name); // a bad name fails before anything is made
    PObject found = get(name);
    if (found == null) {
      T made = create.get();
      if (made == null) {
        throw Errors.rootCreatedNull(name);
      }
      try {
        found = putIfAbsent(name, made);
      } catch (RuntimeException e) {
        discard(made);
        throw e;
      }
      if (found == null) {
        return made;
      }
      discard(made);
      type = type != null ? type : made.getClass();
    }
    if (type != null && !type.isInstance(found)) {
      throw Errors.wrongRootType(name, found.getClass(), type);
    }
    @SuppressWarnings("unchecked") // checked against a class where there is one; T is erased
    T root = (T) found;
    return root;
  }

  /** Binds {@code name} as {@link #put} does, unless it is bound: then binds nothing and returns its object. */
  private synchronized PObject putIfAbsent(String name, PObject value) {
    PObject found = get(name);
    if (found == null) {
      put(name, value);
    }
    return found;
  }

  /**
   * Frees an object a losing getOrCreate made, if it is a new one of this heap; the fence makes its
   * blocks reusable at once. A valid one was published by the supplier, and may be referenced.
   */
  private void discard(PObject made) {
    if (made.handle().heap() == heap && !made.handle().isFreed() && !made.isValid()) {
      heap.free(made);
      heap.pfence();
    }
  }

  public synchronized boolean exists(String name) {
    return slots.containsKey(name);
  }

  /** Unbinds a root, durably; the object is not freed. */
  public void remove(String name) {
    put(name, null);
  }

  public synchronized Set<String> names() {
    return new TreeSet<>(slots.keySet());
  }

  public int capacity() {
    return capacity;
  }

  /** Addresses of the entries that hold a reference; recovery's starting points. */
  synchronized List<Long> referenceWords() {
    List<Long> words = new ArrayList<>();
    for (int slot : slots.values()) {
      words.add(entry(slot));
    }
    return words;
  }

  /** Recovery cleared a reference: forget the name too. */
  synchronized void forgetCleared() {
    slots.values().removeIf(slot -> Memory.getLong(entry(slot)) == 0);
  }

  private long entryFor(String name) {
    Integer slot = slots.get(name);
    if (slot != null) {
      return entry(slot);
    }
    byte[] bytes = nameBytes(name);
    for (int i = 0; i < capacity; i++) {
      long e = entry(i);
      if (Memory.getLong(e) == 0 && !slots.containsValue(i)) {
        Memory.putByte(e + 8, (byte) bytes.length);
        Memory.copyFromArray(bytes, 0, e + 9, bytes.length);
        heap.persistence.pwb(e);
        heap.pfence();
        slots.put(name, i);
        return e;
      }
    }
    throw Errors.rootTableFull(heap.path(), capacity);
  }

  private static byte[] nameBytes(String name) {
    byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
    if (bytes.length < 1 || bytes.length > MAX_NAME_BYTES) {
      throw Errors.badRootName(name, bytes.length, MAX_NAME_BYTES);
    }
    return bytes;
  }
}
