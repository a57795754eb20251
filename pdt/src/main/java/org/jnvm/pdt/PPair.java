package org.jnvm.pdt;

import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.DirectAccess;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.jnvm.memory.Memory;

/**
 * One key/value pair of a persistent map, referenced from a slot of the map's slot array. Public
 * only because the heap's class registry reads {@link #PCLASS}; applications do not use it.
 */
public final class PPair implements PObject {
  private static final Layout LAYOUT = Layout.builder().field("key", FieldKind.REF).field("value", FieldKind.REF).build();
  public static final PClass<PPair> PCLASS = PClass.of(PPair.class, LAYOUT, PPair::new);
  private static final long KEY = LAYOUT.field("key").orElseThrow().offset();
  private static final long VALUE = LAYOUT.field("value").orElseThrow().offset();

  private final Handle handle;

  private PPair(Handle handle) {
    this.handle = handle;
  }

  /**
   * A new pair, written back and validated without a fence: the atomic update that stores it in a
   * slot fences, which makes both durable in order. Until then, a crash leaves it unreachable.
   */
  PPair(Heap heap, PObject key, PObject value) {
    this.handle = heap.allocate(PCLASS);
    handle.putRef(KEY, key);
    handle.putRef(VALUE, value);
    handle.pwb(0, (int) LAYOUT.size());
    handle.validate();
  }

  @Override
  public Handle handle() {
    return handle;
  }

  /**
   * A bare handle of the pair at {@code offset}, with no proxy; its class is checked, since the
   * offset comes from the heap.
   */
  static Handle at(Heap heap, long offset) {
    Handle h = heap.handle(offset);
    if (h.classId() != heap.registry().idOf(PCLASS)) {
      throw Errors.corrupt(heap.path(), "a map slot references the object at offset " + offset + ", which is not a pair");
    }
    return h;
  }

  /** The key reference of the pair behind {@code pair}, a proxy's or a bare handle. */
  static long keyReference(Handle pair) {
    return pair.getRefOffset(KEY);
  }

  static long valueReference(Handle pair) {
    return pair.getRefOffset(VALUE);
  }

  /** The value reference of the pair at {@code base}, an address granted by {@link #bind}. */
  static long valueReference(long base) {
    return Memory.getLong(base + VALUE);
  }

  /** Grants {@code slot} the address of the pair behind {@code pair}, for {@link #updateValue(Heap, long, PObject)}. */
  static void bind(Handle pair, DirectAccess slot) {
    pair.bind(slot, LAYOUT.size());
  }

  /** The atomic update of a pair's value reference; the old value is not freed. */
  static void updateValue(Handle pair, PObject value) {
    Publication.update(pair, VALUE, value);
  }

  /** {@link #updateValue(Handle, PObject)} of the pair at {@code base}, an address granted by {@link #bind}. */
  static void updateValue(Heap heap, long base, PObject value) {
    Publication.update(heap, base + VALUE, value);
  }
}
