package org.jnvm.pdt;

import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;

/** A persistent fixed-length array of {@code int}; see {@link PFixedArray} for durability. */
public final class PIntArray extends PFixedArray {
  public static final PClass<PIntArray> PCLASS = PClass.of(PIntArray.class, layout(FieldKind.INT), PIntArray::new);

  private PIntArray(Handle handle) {
    super(handle, FieldKind.INT);
  }

  /** A new array of zeros, written back, not yet valid. */
  public PIntArray(Heap heap, int length) {
    super(heap, PCLASS, length);
  }

  /** A new array holding a copy of {@code values}, written back, not yet valid. */
  public PIntArray(Heap heap, int[] values) {
    this(heap, values.length);
    for (int i = 0; i < values.length; i++) {
      set(i, values[i]);
    }
    pwb();
  }

  public int get(int index) {
    return handle.getInt(at(index));
  }

  /** A plain store: {@link #pwb(int)} and a fence make it durable. */
  public void set(int index, int value) {
    handle.putInt(at(index), value);
  }

  /** A copy of the elements. */
  public int[] toArray() {
    int[] values = new int[length()];
    for (int i = 0; i < values.length; i++) {
      values[i] = get(i);
    }
    return values;
  }
}
