package org.jnvm.bench;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/** A proxy of 90 long fields: three 256 B blocks, for updates that span blocks. */
public final class Wide720 implements PObject {
  static final int FIELDS = 90;
  public static final Layout LAYOUT = layout();
  public static final PClass<Wide720> PCLASS = PClass.of(Wide720.class, LAYOUT, Wide720::new);

  private final Handle handle;

  private Wide720(Handle handle) {
    this.handle = handle;
  }

  public Wide720(Heap heap) {
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

  /** Writes back the line that holds field {@code i}. */
  public void pwbField(int i) {
    handle.pwb(8L * i, 8);
  }
}
