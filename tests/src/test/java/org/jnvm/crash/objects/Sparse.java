package org.jnvm.crash.objects;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/**
 * An object that writes back only the cache lines it stores to, as the paper's per-field {@code
 * pwbX()} does: an id and its stamp in the first line, a link in the last line of a 256-byte
 * block. A sparse object made without a link relies on the runtime's promise that a new object's
 * fields read as null; if that holds only until a crash, its link comes back with whatever the
 * block's previous owner left there.
 */
public final class Sparse extends Stamped {
  public static final Layout LAYOUT = layout();
  public static final PClass<Sparse> PCLASS = PClass.of(Sparse.class, LAYOUT, Sparse::new);
  private static final long ID = LAYOUT.field("id").orElseThrow().offset();
  private static final long CHECK = LAYOUT.field("check").orElseThrow().offset();
  private static final long LINKED = LAYOUT.field("linked").orElseThrow().offset();
  private static final long LINK = LAYOUT.field("link").orElseThrow().offset();

  private Sparse(Handle handle) {
    super(handle, ID);
  }

  /** A new, invalid object; the lines it stored to are written back. */
  public Sparse(Heap heap, long id, PObject link) {
    this(heap.allocate(PCLASS));
    Handle handle = handle();
    handle.putLong(ID, id);
    handle.putLong(CHECK, SelfChecking.stamp(id, 0));
    handle.putLong(LINKED, link == null ? 0 : 1);
    handle.pwb(ID, 24);
    if (link != null) {
      handle.putRef(LINK, link);
      handle.pwb(LINK, 8);
    }
  }

  private static Layout layout() {
    Layout.Builder b = Layout.builder().field("id", FieldKind.LONG).field("check", FieldKind.LONG).field("linked", FieldKind.LONG);
    for (int i = 3; i < 31; i++) {
      b.field("pad" + i, FieldKind.LONG);
    }
    return b.field("link", FieldKind.REF).build();
  }

  /** Writes back only the lines a constructor stores to; the object was written back already. */
  @Override
  public void pwb() {
    handle().pwb(ID, 24);
  }

  @Override
  String contentsDefect(long id) {
    String d = SelfChecking.mismatch("the check word", id, 0, handle().getLong(CHECK));
    if (d != null) {
      return d;
    }
    long link = handle().getRefOffset(LINK);
    return handle().getLong(LINKED) == 0 && link != 0
        ? "sparse object " + id + " was made without a link but holds a reference to offset " + link + ", left by an earlier owner of its block"
        : null;
  }
}
