package org.jnvm.crash.objects;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/** A fixed-length array of references, the container most scenarios update. */
public final class Slots implements PObject {
  public static final Layout LAYOUT = Layout.builder().field("length", FieldKind.LONG).tail(FieldKind.REF, "length").build();
  public static final PClass<Slots> PCLASS = PClass.of(Slots.class, LAYOUT, Slots::new);
  private static final long FIRST = LAYOUT.tail().orElseThrow().offset();

  private final Handle handle;

  private Slots(Handle handle) {
    this.handle = handle;
  }

  /** A new, invalid array of nulls; its length is written but not written back. */
  public Slots(Heap heap, int length) {
    this.handle = heap.allocate(PCLASS, length);
    handle.putLong(0, length);
  }

  @Override
  public Handle handle() {
    return handle;
  }

  public int length() {
    return (int) handle.getLong(0);
  }

  public PObject get(int i) {
    return handle.getRef(element(i));
  }

  /** A plain store: not written back, the target not validated. */
  public void set(int i, PObject o) {
    handle.putRef(element(i), o);
  }

  /** Writes back the element's cache line. */
  public void pwbElement(int i) {
    handle.pwb(element(i), 8);
  }

  /** The atomic update of the paper's Figure 6. */
  public void update(int i, PObject o) {
    handle.updateRef(element(i), o);
  }

  /** The atomic update that also frees what the element pointed to. */
  public void updateAndFree(int i, PObject o) {
    handle.updateRefAndFree(element(i), o);
  }

  private long element(int i) {
    if (i < 0 || i >= length()) {
      throw new IndexOutOfBoundsException(i);
    }
    return FIRST + 8L * i;
  }
}
