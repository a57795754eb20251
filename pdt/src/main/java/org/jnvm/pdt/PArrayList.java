package org.jnvm.pdt;

import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;
import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.errors.HeapCorruptedException;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/**
 * A persistent extensible array, a drop-in {@link java.util.List} (the paper's section 4.3.1). It
 * holds its size and a reference to a {@link PArray} of elements; growing copies the elements to a
 * larger array and swaps it in with the atomic update. Null elements are allowed.
 *
 * <p>Crash consistency without failure-atomic blocks at the end of the list: {@code add} writes the
 * element beyond the size, fences, then stores the size; removing the last element fences, stores
 * the size, fences, then clears the slot. A crash leaves the old list or the new one, and {@link
 * #recover()} clears references left beyond the size. Operations that shift elements ({@code
 * add(index, e)}, {@code remove(index)} before the end, {@code removeRange}) run in a failure-atomic
 * block. Each change is durable at the next fence, as with every low-level write.
 *
 * <p>Elements not yet published are published with the list's write. Removing an element or
 * clearing the list never frees elements; {@link #free(boolean)} frees the list. Like {@link
 * java.util.ArrayList}, the list is not safe for concurrent use.
 *
 * @param <T> the element type; elements are read back with an unchecked cast
 */
public final class PArrayList<T extends PObject> extends AbstractList<T> implements RandomAccess, PObject {
  private static final Layout LAYOUT = Layout.builder().field("size", FieldKind.LONG).field("elements", FieldKind.REF).build();
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final PClass<PArrayList<?>> PCLASS = (PClass) PClass.of(PArrayList.class, LAYOUT, PArrayList::new);
  private static final long SIZE = LAYOUT.field("size").orElseThrow().offset();
  private static final long ELEMENTS = LAYOUT.field("elements").orElseThrow().offset();
  private static final int FIRST_CAPACITY = 8;

  private final Handle handle;
  private Elements state;

  /** The element array's proxy, shared by all proxies of this list (see {@link SharedStates}). */
  private static final class Elements {
    PArray<?> array;
  }

  private PArrayList(Handle handle) {
    this.handle = handle;
  }

  /** A new empty list, written back, not yet valid; it allocates its elements on first add. */
  public PArrayList(Heap heap) {
    this.handle = heap.allocate(PCLASS);
    this.state = SharedStates.create(this, new Elements());
    pwb();
  }

  @Override
  public void resurrect() {
    state = SharedStates.attach(this, Elements.class, Elements::new);
  }

  @Override
  public Handle handle() {
    return handle;
  }

  /**
   * The element array, or null before the first add. The cached proxy is checked against the
   * persistent reference, which an aborted failure-atomic block may have put back.
   */
  @SuppressWarnings("unchecked")
  private PArray<T> array() {
    long ref = handle.getRefOffset(ELEMENTS);
    PArray<?> a = state.array;
    if (ref == 0) {
      return null;
    }
    if (a == null || a.handle().isFreed() || a.handle().offset() != ref) {
      a = handle.getRef(ELEMENTS, PArray.class);
      state.array = a;
    }
    return (PArray<T>) a;
  }

  private int capacity() {
    PArray<T> a = array();
    return a == null ? 0 : a.length();
  }

  @Override
  public int size() {
    long size = handle.getLong(SIZE);
    if (size < 0 || size > Integer.MAX_VALUE) {
      throw corruptSize(size);
    }
    return (int) size;
  }

  /**
   * The size, checked against the element array, for changes that move elements: a damaged file
   * may claim more elements than the array holds. Reads check each index instead ({@link #get}).
   */
  private int checkedSize() {
    int size = size();
    if (size > capacity()) {
      throw corruptSize(size);
    }
    return size;
  }

  private HeapCorruptedException corruptSize(long size) {
    return Errors.corrupt(handle.heap().path(), "the list at offset " + handle.offset() + " claims " + size + " elements; its array holds " + capacity());
  }

  private void storeSize(int size) {
    handle.putLong(SIZE, size);
    handle.pwb(SIZE, Long.BYTES);
  }

  @Override
  public T get(int index) {
    Objects.checkIndex(index, size());
    PArray<T> a = array();
    if (a == null || index >= a.length()) {
      throw corruptSize(size());
    }
    return a.get(index);
  }

  /** Replaces an element with the atomic update; the old one is returned, not freed. */
  @Override
  public T set(int index, T element) {
    T old = get(index);
    array().update(index, element);
    return old;
  }

  @Override
  public boolean add(T element) {
    int size = checkedSize();
    ensureCapacity(size + 1);
    PArray<T> a = array();
    Publication.prepare(handle.heap(), element);
    a.set(size, element);
    a.pwb(size);
    handle.heap().pfence();
    storeSize(size + 1);
    modCount++;
    return true;
  }

  @Override
  public void add(int index, T element) {
    int size = checkedSize();
    Objects.checkIndex(index, size + 1);
    if (index == size) {
      add(element);
      return;
    }
    ensureCapacity(size + 1);
    Publication.prepare(handle.heap(), element);
    FailureAtomic.run(
        () -> {
          PArray<T> a = array();
          for (int i = size; i > index; i--) {
            a.set(i, a.get(i - 1));
          }
          a.set(index, element);
          storeSize(size + 1);
        });
    modCount++;
  }

  @Override
  public T remove(int index) {
    int size = size();
    T old = get(index);
    if (index == size - 1) {
      // The first fence keeps the removal from reaching memory before earlier changes that are
      // durable only at the next fence; the second keeps the cleared slot from reaching it before
      // the size.
      handle.heap().pfence();
      storeSize(size - 1);
      handle.heap().pfence();
      clearSlots(size - 1, size);
    } else {
      removeRange(index, index + 1);
    }
    modCount++;
    return old;
  }

  /** Removes elements from {@code from} to {@code to} by shifting the rest, in one failure-atomic block. */
  @Override
  protected void removeRange(int from, int to) {
    int size = checkedSize();
    Objects.checkFromToIndex(from, to, size);
    if (from == to) {
      return;
    }
    FailureAtomic.run(
        () -> {
          PArray<T> a = array();
          for (int i = to; i < size; i++) {
            a.set(from + i - to, a.get(i));
          }
          storeSize(size - (to - from));
          clearSlots(size - (to - from), size);
        });
    modCount++;
  }

  /** Empties the list and drops its element array: the size first, then the array, each fenced. */
  @Override
  public void clear() {
    storeSize(0);
    if (handle.getRefOffset(ELEMENTS) != 0) {
      handle.updateRefAndFree(ELEMENTS, null);
      state.array = null;
    }
    modCount++;
  }

  /** Writes null to slots {@code from} to {@code to}, which lie beyond the size, and writes them back. */
  private void clearSlots(int from, int to) {
    PArray<T> a = array();
    for (int i = from; i < to; i++) {
      a.set(i, null);
      a.pwb(i);
    }
  }

  /** Makes room for {@code wanted} elements, by swapping in a larger copy with the atomic update. */
  public void ensureCapacity(int wanted) {
    int capacity = capacity();
    if (wanted <= capacity) {
      return;
    }
    PArray<T> bigger = PArray.copyOf(handle.heap(), array(), Math.max(wanted, Math.max(FIRST_CAPACITY, 2 * capacity)));
    handle.updateRefAndFree(ELEMENTS, bigger);
    state.array = bigger;
  }

  /**
   * Clears references beyond the size that a crash in the middle of {@code add} or {@code remove}
   * may have left. Idempotent. Recovery had kept the objects they named, so if it cleared any, it
   * asks the heap to collect again ({@link Heap#collectAfterRecover()}).
   */
  @Override
  public void recover() {
    int capacity = capacity();
    int size = size();
    if (capacity <= size) {
      return;
    }
    PArray<T> a = array();
    boolean unlinked = false;
    for (int i = size; i < capacity; i++) {
      // Most slots beyond the size are null already; only the others are cleared and written back.
      if (a.referenceAt(i) != 0) {
        clearSlots(i, i + 1);
        unlinked = true;
      }
    }
    if (unlinked) {
      handle.heap().collectAfterRecover();
    }
  }

  /**
   * Frees the list: its header, its element array and, if {@code withElements}, every element (an
   * element stored twice is freed once). Unlink the list from roots and other objects first. The
   * frees are not fenced, like {@link Heap#free}; a crash in the middle leaves objects that the next
   * recovery reclaims if nothing else references them.
   */
  public void free(boolean withElements) {
    free(withElements, false);
  }

  /** {@link #free(boolean)}; with {@code deep}, elements that are containers go with their contents. */
  void free(boolean withElements, boolean deep) {
    Heap heap = handle.heap();
    PArray<T> a = array();
    int size = checkedSize();
    heap.free(this);
    SharedStates.forget(this);
    if (a == null) {
      return;
    }
    if (withElements) {
      Frees.distinct(heap, a, size, deep);
    }
    heap.free(a);
  }
}
