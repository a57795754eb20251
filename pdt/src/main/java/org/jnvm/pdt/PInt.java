package org.jnvm.pdt;

import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/**
 * An immutable persistent {@code int}, to key or fill maps. Equality, hash code, order and text
 * are those of {@link Integer}. A new one is written back but invalid until something publishes it;
 * it takes a 16-byte slot of a pool block shared with others.
 */
public final class PInt extends PBoxed<PInt> {
  private static final Layout LAYOUT = Layout.builder().field("value", FieldKind.INT).build();
  public static final PClass<PInt> PCLASS = PClass.of(PInt.class, LAYOUT, PInt::new);
  private static final long VALUE = LAYOUT.field("value").orElseThrow().offset();

  private PInt(Handle handle) {
    super(handle, handle.getInt(VALUE));
  }

  private PInt(Heap heap, int value) {
    super(heap.allocateImmutable(PCLASS, 0), value);
    handle.putInt(VALUE, value);
    handle.pwb(VALUE, Integer.BYTES);
  }

  /** A new persistent {@code value}, written back, not yet valid. */
  public static PInt of(Heap heap, int value) {
    return new PInt(heap, value);
  }

  public int intValue() {
    return (int) value;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PInt other && other.value == value;
  }

  @Override
  public int hashCode() {
    return Integer.hashCode((int) value);
  }
}
