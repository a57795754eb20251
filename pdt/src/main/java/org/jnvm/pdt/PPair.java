package org.jnvm.pdt;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.jnvm.layout.PClass;

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

  /** A new pair, written back, not yet valid. */
  PPair(Heap heap, PObject key, PObject value) {
    this.handle = heap.allocate(PCLASS);
    handle.putRef(KEY, key);
    handle.putRef(VALUE, value);
    handle.pwb(0, (int) LAYOUT.size());
  }

  @Override
  public Handle handle() {
    return handle;
  }

  long keyReference() {
    return handle.getRefOffset(KEY);
  }

  long valueReference() {
    return handle.getRefOffset(VALUE);
  }

  PObject key() {
    return handle.getRef(KEY);
  }

  /** The atomic update of the value reference; the old value is not freed. */
  void updateValue(PObject value) {
    handle.updateRef(VALUE, value);
  }

  static long valueField() {
    return VALUE;
  }
}
