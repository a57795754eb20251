package org.jnvm.pdt;

import java.util.List;
import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;

/**
 * A persistent fixed-length array of references. {@link #set} is a plain store, for filling many
 * elements under one fence; {@link #update} is the atomic update of the paper's section 4.1.6.
 * Recovery keeps the objects the array references alive, and clears references to objects that
 * were never validated.
 *
 * @param <T> the element type; elements are read back with an unchecked cast, as the heap keeps
 *     no generic types
 */
public final class PArray<T extends PObject> extends PFixedArray {
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final PClass<PArray<?>> PCLASS = (PClass) PClass.of(PArray.class, layout(FieldKind.REF), PArray::new);

  private PArray(Handle handle) {
    super(handle, FieldKind.REF);
  }

  /** A new array of nulls, written back, not yet valid. */
  public PArray(Heap heap, int length) {
    super(heap, PCLASS, length);
  }

  private PArray(Heap heap, int length, boolean writeBack) {
    super(heap, PCLASS, length, writeBack);
  }

  /**
   * A new array of {@code length} elements that starts with the references of {@code from} (which
   * may be null), written back once, not yet valid; for growing.
   */
  static <T extends PObject> PArray<T> copyOf(Heap heap, PArray<T> from, int length) {
    PArray<T> array = new PArray<>(heap, length, false);
    if (from != null) {
      array.copyReferences(from, from.length());
    }
    array.pwb();
    return array;
  }

  /**
   * A new array holding {@code elements}, written back, not yet valid. Elements not yet published
   * are written back and validated, so publishing the array publishes them with it.
   */
  public static <T extends PObject> PArray<T> of(Heap heap, List<? extends T> elements) {
    PArray<T> array = new PArray<>(heap, elements.size(), false);
    for (int i = 0; i < elements.size(); i++) {
      T e = elements.get(i);
      Publication.prepare(heap, e);
      array.set(i, e);
    }
    array.pwb();
    return array;
  }

  /** The element with a fresh proxy, or null. */
  @SuppressWarnings("unchecked")
  public T get(int index) {
    return (T) handle.getRef(at(index));
  }

  /** A plain store of a reference: no validation, no write-back, no fence. */
  public void set(int index, T value) {
    handle.putRef(at(index), value);
  }

  /**
   * The atomic update: publishes {@code value} if it is new, fences, then stores the reference and
   * writes it back. After a crash the element is the old object or the new one, never a dangling
   * reference. The old object is not freed.
   */
  public void update(int index, T value) {
    Publication.update(handle, at(index), value);
  }

  /** The raw reference at {@code index}: a heap offset, or 0 for null. */
  long referenceAt(int index) {
    return handle.getRefOffset(at(index));
  }

  /** Copies the first {@code count} references of {@code from}, with plain stores, each checked. */
  void copyReferences(PArray<?> from, int count) {
    for (int i = 0; i < count; i++) {
      handle.putRefOffset(at(i), from.referenceAt(i));
    }
  }
}
