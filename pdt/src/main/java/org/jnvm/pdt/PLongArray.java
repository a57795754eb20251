package org.jnvm.pdt;

import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;

/** A persistent fixed-length array of {@code long}; see {@link PFixedArray} for durability. */
public final class PLongArray extends PFixedArray {
  public static final PClass<PLongArray> PCLASS = PClass.of(PLongArray.class, layout(FieldKind.LONG), PLongArray::new);

  private PLongArray(Handle handle) {
    super(handle, FieldKind.LONG);
  }

  /** A new array of zeros, written back, not yet valid. */
  public PLongArray(Heap heap, int length) {
    super(heap, PCLASS, length);
  }

  /** A new array holding a copy of {@code values}, written back, not yet valid. */
  public PLongArray(Heap heap, long[] values) {
    this(heap, values.length);
    for (int i = 0; i < values.length; i++) {
      set(i, values[i]);
    }
    pwb();
  }

  public long get(int index) {
    return handle.getLong(at(index));
  }

  /** A plain store: {@link #pwb(int)} and a fence make it durable. */
  public void set(int index, long value) {
    handle.putLong(at(index), value);
  }

  /** A copy of the elements. */
  public long[] toArray() {
    long[] values = new long[length()];
    for (int i = 0; i < values.length; i++) {
      values[i] = get(i);
    }
    return values;
  }
}
