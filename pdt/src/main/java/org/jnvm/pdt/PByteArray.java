package org.jnvm.pdt;

import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;

/** A persistent fixed-length array of {@code byte}; see {@link PFixedArray} for durability. */
public final class PByteArray extends PFixedArray {
  public static final PClass<PByteArray> PCLASS = PClass.of(PByteArray.class, layout(FieldKind.BYTE), PByteArray::new);

  private PByteArray(Handle handle) {
    super(handle, FieldKind.BYTE);
  }

  /** A new array of zeros, written back, not yet valid. */
  public PByteArray(Heap heap, int length) {
    super(heap, PCLASS, length);
  }

  /** A new array holding a copy of {@code values}, written back, not yet valid. */
  public PByteArray(Heap heap, byte[] values) {
    this(heap, values.length);
    for (int i = 0; i < values.length; i++) {
      set(i, values[i]);
    }
    pwb();
  }

  public byte get(int index) {
    return handle.getByte(at(index));
  }

  /** A plain store: {@link #pwb(int)} and a fence make it durable. */
  public void set(int index, byte value) {
    handle.putByte(at(index), value);
  }

  /** A copy of the elements. */
  public byte[] toArray() {
    byte[] values = new byte[length()];
    for (int i = 0; i < values.length; i++) {
      values[i] = get(i);
    }
    return values;
  }
}
