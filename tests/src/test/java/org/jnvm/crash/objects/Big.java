package org.jnvm.crash.objects;

import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/** A fixed-layout object of {@value #SLOTS} stamped words and a link: three blocks at 256 B. */
public final class Big extends Stamped {
  public static final int SLOTS = 69;
  public static final Layout LAYOUT = layout();
  public static final PClass<Big> PCLASS = PClass.of(Big.class, LAYOUT, Big::new);
  private static final long ID = LAYOUT.field("id").orElseThrow().offset();
  private static final long LINK = LAYOUT.field("link").orElseThrow().offset();

  private Big(Handle handle) {
    super(handle, ID);
  }

  /** A new, invalid object whose contents are written but not written back. */
  public Big(Heap heap, long id) {
    this(heap.allocate(PCLASS));
    handle().putLong(ID, id);
    for (int i = 0; i < SLOTS; i++) {
      handle().putLong(slot(i), SelfChecking.stamp(id, i));
    }
  }

  private static Layout layout() {
    Layout.Builder b = Layout.builder().field("id", FieldKind.LONG);
    for (int i = 0; i < SLOTS; i++) {
      b.field("s" + i, FieldKind.LONG);
    }
    return b.field("link", FieldKind.REF).build();
  }

  private static long slot(int i) {
    return 8L * (i + 1);
  }

  @Override
  String contentsDefect(long id) {
    for (int i = 0; i < SLOTS; i++) {
      String d = SelfChecking.mismatch("word " + i, id, i, handle().getLong(slot(i)));
      if (d != null) {
        return d;
      }
    }
    return null;
  }

  public long linkOffset() {
    return handle().getRefOffset(LINK);
  }
}
