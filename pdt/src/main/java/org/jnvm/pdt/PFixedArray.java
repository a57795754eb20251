package org.jnvm.pdt;

import java.util.Objects;
import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/**
 * A persistent array of fixed length (the paper's section 4.3.1): its length at offset 0, its
 * elements after it. Element writes are plain stores; {@link #pwb(int)} writes one element back
 * and {@link #pwb()} the whole array, and the caller fences, so many writes share one fence.
 */
public abstract class PFixedArray implements PObject {
  private static final long LENGTH = 0;
  static final long FIRST = 8;

  final Handle handle;
  /** Read once: an array's length never changes. */
  private final int length;
  private final int width;

  /** Attaches to an existing array. */
  PFixedArray(Handle handle, FieldKind kind) {
    this.handle = handle;
    this.width = kind.size();
    long stored = handle.getLong(LENGTH);
    if (stored < 0 || FIRST + stored * width > handle.capacity()) {
      throw Errors.corrupt(handle.heap().path(), "the array at offset " + handle.offset() + " claims " + stored + " elements");
    }
    this.length = (int) stored;
  }

  /** A new zeroed array, written back, not yet valid. */
  PFixedArray(Heap heap, PClass<?> type, int length) {
    this(heap, type, length, true);
  }

  /** A new zeroed array, not yet valid; written back now if {@code writeBack}, else by the caller. */
  PFixedArray(Heap heap, PClass<?> type, int length, boolean writeBack) {
    if (length < 0) {
      throw new NegativeArraySizeException(Integer.toString(length));
    }
    this.handle = heap.allocate(type, length);
    this.width = type.layout().tail().orElseThrow().kind().size();
    this.length = length;
    handle.putLong(LENGTH, length);
    if (writeBack) {
      pwb();
    }
  }

  /** The layout of every array: a long length, then the elements from offset {@link #FIRST}. */
  static Layout layout(FieldKind kind) {
    Layout layout = Layout.builder().field("length", FieldKind.LONG).tail(kind, "length").build();
    if (layout.tail().orElseThrow().offset() != FIRST) {
      throw new AssertionError(layout);
    }
    return layout;
  }

  @Override
  public final Handle handle() {
    return handle;
  }

  public final int length() {
    return length;
  }

  /** The payload offset of element {@code index}, after a bounds check. */
  final long at(int index) {
    return FIRST + (long) Objects.checkIndex(index, length) * width;
  }

  /** Writes element {@code index} back, without a fence. */
  public final void pwb(int index) {
    handle.pwb(at(index), width);
  }
}
