package org.jnvm.pdt;

import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;

/** A persistent fixed-length array of {@code char}; see {@link PFixedArray} for durability. */
public final class PCharArray extends PFixedArray {
  public static final PClass<PCharArray> PCLASS = PClass.of(PCharArray.class, layout(FieldKind.CHAR), PCharArray::new);

  private PCharArray(Handle handle) {
    super(handle, FieldKind.CHAR);
  }

  /** A new array of zeros, written back, not yet valid. */
  public PCharArray(Heap heap, int length) {
    super(heap, PCLASS, length);
  }

  /** A new array holding a copy of {@code values}, written back, not yet valid. */
  public PCharArray(Heap heap, char[] values) {
    this(heap, values.length);
    for (int i = 0; i < values.length; i++) {
      set(i, values[i]);
    }
    pwb();
  }

  public char get(int index) {
    return handle.getChar(at(index));
  }

  /** A plain store: {@link #pwb(int)} and a fence make it durable. */
  public void set(int index, char value) {
    handle.putChar(at(index), value);
  }

  /** A copy of the elements. */
  public char[] toArray() {
    char[] values = new char[length()];
    for (int i = 0; i < values.length; i++) {
      values[i] = get(i);
    }
    return values;
  }
}
