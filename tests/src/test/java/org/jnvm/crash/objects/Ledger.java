package org.jnvm.crash.objects;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/** {@value #WORDS} longs over four 256-byte blocks: what a failure-atomic block writes in place of fields. */
public final class Ledger implements PObject {
  public static final int WORDS = 100;
  public static final Layout LAYOUT = layout();
  public static final PClass<Ledger> PCLASS = PClass.of(Ledger.class, LAYOUT, Ledger::new);

  private final Handle handle;

  private Ledger(Handle handle) {
    this.handle = handle;
  }

  /** A new, invalid ledger of zeros. */
  public Ledger(Heap heap) {
    this.handle = heap.allocate(PCLASS);
  }

  private static Layout layout() {
    Layout.Builder b = Layout.builder();
    for (int i = 0; i < WORDS; i++) {
      b.field("w" + i, FieldKind.LONG);
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
