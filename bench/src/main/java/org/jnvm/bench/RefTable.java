package org.jnvm.bench;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/** A fixed-length array of references (the runtime's {@code RefArray} fixture pattern). */
public final class RefTable implements PObject {
  public static final Layout LAYOUT = Layout.builder().field("length", FieldKind.LONG).tail(FieldKind.REF, "length").build();
  public static final PClass<RefTable> PCLASS = PClass.of(RefTable.class, LAYOUT, RefTable::new);
  private static final long FIRST = LAYOUT.tail().orElseThrow().offset();

  private final Handle handle;

  private RefTable(Handle handle) {
    this.handle = handle;
  }

  public RefTable(Heap heap, long length) {
    this.handle = heap.allocate(PCLASS, length);
    handle.putLong(0, length);
  }

  @Override
  public Handle handle() {
    return handle;
  }

  public long length() {
    return handle.getLong(0);
  }

  public PObject get(long i) {
    return handle.getRef(element(i));
  }

  public void set(long i, PObject o) {
    handle.putRef(element(i), o);
  }

  private long element(long i) {
    if (i < 0 || i >= length()) {
      throw new IndexOutOfBoundsException("index " + i + " of " + length());
    }
    return FIRST + 8L * i;
  }
}
