package org.jnvm.crash.objects;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/** A one-line object: an id, a stamp of the id, and a link. */
public final class Cell extends Stamped {
  public static final Layout LAYOUT =
      Layout.builder().field("id", FieldKind.LONG).field("check", FieldKind.LONG).field("next", FieldKind.REF).build();
  public static final PClass<Cell> PCLASS = PClass.of(Cell.class, LAYOUT, Cell::new);
  private static final long ID = LAYOUT.field("id").orElseThrow().offset();
  private static final long CHECK = LAYOUT.field("check").orElseThrow().offset();
  private static final long NEXT = LAYOUT.field("next").orElseThrow().offset();

  private Cell(Handle handle) {
    super(handle, ID);
  }

  /** A new, invalid cell whose contents are written but not written back. */
  public Cell(Heap heap, long id) {
    this(heap.allocate(PCLASS));
    handle().putLong(ID, id);
    handle().putLong(CHECK, SelfChecking.stamp(id, 0));
  }

  @Override
  String contentsDefect(long id) {
    return SelfChecking.mismatch("the check word", id, 0, handle().getLong(CHECK));
  }

  public Cell next() {
    return handle().getRef(NEXT, Cell.class);
  }

  public long nextOffset() {
    return handle().getRefOffset(NEXT);
  }

  /** A plain store of the link: not written back, the target not validated. */
  public void setNext(PObject o) {
    handle().putRef(NEXT, o);
  }

  /** The atomic update of the link (validate, pfence, store, pwb). */
  public void updateNext(PObject o) {
    handle().updateRef(NEXT, o);
  }
}
