package org.jnvm.pdt;

import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;

/** A persistent fixed-length array of {@code double}; see {@link PFixedArray} for durability. */
public final class PDoubleArray extends PFixedArray {
  public static final PClass<PDoubleArray> PCLASS = PClass.of(PDoubleArray.class, layout(FieldKind.DOUBLE), PDoubleArray::new);

  private PDoubleArray(Handle handle) {
    super(handle, FieldKind.DOUBLE);
  }

  /** A new array of zeros, written back, not yet valid. */
  public PDoubleArray(Heap heap, int length) {
    super(heap, PCLASS, length);
  }

  /** A new array holding a copy of {@code values}, written back, not yet valid. */
  public PDoubleArray(Heap heap, double[] values) {
    this(heap, values.length);
    for (int i = 0; i < values.length; i++) {
      set(i, values[i]);
    }
    pwb();
  }

  public double get(int index) {
    return handle.getDouble(at(index));
  }

  /** A plain store: {@link #pwb(int)} and a fence make it durable. */
  public void set(int index, double value) {
    handle.putDouble(at(index), value);
  }

  /** A copy of the elements. */
  public double[] toArray() {
    double[] values = new double[length()];
    for (int i = 0; i < values.length; i++) {
      values[i] = get(i);
    }
    return values;
  }
}
