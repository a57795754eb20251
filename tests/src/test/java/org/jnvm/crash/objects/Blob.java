package org.jnvm.crash.objects;

import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/** An array of stamped longs: a multi-block object whose size is chosen at allocation. */
public final class Blob extends Stamped {
  public static final Layout LAYOUT =
      Layout.builder().field("length", FieldKind.LONG).field("id", FieldKind.LONG).tail(FieldKind.LONG, "length").build();
  public static final PClass<Blob> PCLASS = PClass.of(Blob.class, LAYOUT, Blob::new);
  private static final long LENGTH = LAYOUT.field("length").orElseThrow().offset();
  private static final long ID = LAYOUT.field("id").orElseThrow().offset();
  private static final long FIRST = LAYOUT.tail().orElseThrow().offset();

  private Blob(Handle handle) {
    super(handle, ID);
  }

  /** A new, invalid array whose contents are written but not written back. */
  public Blob(Heap heap, long id, int length) {
    this(heap.allocate(PCLASS, length));
    handle().putLong(LENGTH, length);
    handle().putLong(ID, id);
    for (int i = 0; i < length; i++) {
      handle().putLong(FIRST + 8L * i, SelfChecking.stamp(id, i));
    }
  }

  public long length() {
    return handle().getLong(LENGTH);
  }

  @Override
  String contentsDefect(long id) {
    long length = length();
    if (length < 0 || FIRST + 8 * length > handle().capacity()) {
      return "blob " + id + " claims " + length + " elements in " + handle().capacity() + " bytes";
    }
    for (int i = 0; i < length; i++) {
      String d = SelfChecking.mismatch("element " + i, id, i, handle().getLong(FIRST + 8L * i));
      if (d != null) {
        return d;
      }
    }
    return null;
  }
}
