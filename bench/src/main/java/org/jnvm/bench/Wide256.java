package org.jnvm.bench;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/** A one-block proxy with 30 long fields, the persistent twin of {@link Plain256}. */
public final class Wide256 implements PObject {
  static final int FIELDS = 30;
  public static final Layout LAYOUT = layout();
  public static final PClass<Wide256> PCLASS = PClass.of(Wide256.class, LAYOUT, Wide256::new);

  private final Handle handle;

  private Wide256(Handle handle) {
    this.handle = handle;
  }

  /** Allocates a zeroed object; like {@code new Plain256()}, it writes no field. */
  public Wide256(Heap heap) {
    this.handle = heap.allocate(PCLASS);
  }

  private static Layout layout() {
    Layout.Builder b = Layout.builder();
    for (int i = 0; i < FIELDS; i++) {
      b.field("f" + i, FieldKind.LONG);
    }
    return b.build();
  }

  @Override
  public Handle handle() {
    return handle;
  }

  public long get(int i) {
    return handle.getLong(8L * i);
  }

  public void set(int i, long v) {
    handle.putLong(8L * i, v);
  }
}
