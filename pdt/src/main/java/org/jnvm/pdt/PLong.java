package org.jnvm.pdt;

import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/**
 * An immutable persistent {@code long}, to key or fill maps. Equality, hash code, order and text
 * are those of {@link Long}. A new one is written back but invalid until something publishes it;
 * it takes a 16-byte slot of a pool block shared with others.
 */
public final class PLong extends PBoxed<PLong> {
  private static final Layout LAYOUT = Layout.builder().field("value", FieldKind.LONG).build();
  public static final PClass<PLong> PCLASS = PClass.of(PLong.class, LAYOUT, PLong::new);
  private static final long VALUE = LAYOUT.field("value").orElseThrow().offset();

  private PLong(Handle handle) {
    super(handle, handle.getLong(VALUE));
  }

  private PLong(Heap heap, long value) {
    super(heap.allocateImmutable(PCLASS, 0), value);
    handle.putLong(VALUE, value);
    handle.pwb(VALUE, Long.BYTES);
  }

  /** A new persistent {@code value}, written back, not yet valid. */
  public static PLong of(Heap heap, long value) {
    return new PLong(heap, value);
  }

  public long longValue() {
    return value;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PLong other && other.value == value;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(value);
  }
}
