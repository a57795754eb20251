package org.jnvm.heap;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import org.jnvm.errors.HeapCorruptedException;
import org.jnvm.heap.format.BlockHeader;
import org.jnvm.heap.registry.ClassRegistry;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/**
 * Publication's walk: when a new object becomes valid, every new object it reaches becomes valid
 * too, written back whole, under the same fence that the publisher issues next. The walk follows
 * only new objects: a valid one was published with what it reached, and ends the path.
 *
 * <p>A reference that names no object (one freed while still referenced) is left as it is, for
 * recovery to clear; an object that the calling thread's failure-atomic block allocated is
 * validated by that block at commit, but the walk goes on through it.
 */
final class Publisher {
  private final Heap heap;
  /** New objects published and still to scan; made when the first one is found. */
  private ArrayDeque<Handle> work;
  /** Objects left to a failure-atomic block, which never read as valid: what keeps a cycle of them finite. */
  private Set<Long> deferred;

  private Publisher(Heap heap) {
    this.heap = heap;
  }

  /** Publishes the new objects that {@code from}, just made valid, references, transitively. */
  static void publishReachable(Heap heap, Handle from) {
    Publisher p = new Publisher(heap);
    for (Handle h = from; h != null; h = p.work == null ? null : p.work.poll()) {
      p.scan(h);
    }
  }

  private void scan(Handle h) {
    ClassRegistry.Entry entry = heap.registry().entry(h.classId());
    if (entry == null || entry.isPool()) {
      return; // pooled objects hold no references
    }
    Layout layout = entry.layout();
    for (int i = 0; i < layout.refCount(); i++) {
      follow(h.getRefOffset(layout.refOffset(i)));
    }
    Layout.Tail tail = layout.tail().orElse(null);
    if (tail != null && tail.kind() == FieldKind.REF) {
      long length = tailLength(h, layout, tail);
      for (long e = 0; e < length; e++) {
        follow(h.getRefOffset(tail.offset() + e * Long.BYTES));
      }
    }
  }

  private static long tailLength(Handle h, Layout layout, Layout.Tail tail) {
    for (Layout.Field f : layout.fields()) {
      if (f.name().equals(tail.lengthField())) {
        return f.kind() == FieldKind.INT ? h.getInt(f.offset()) : h.getLong(f.offset());
      }
    }
    return 0;
  }

  /** Publishes the object at {@code ref} if it is new, and queues it for a scan. */
  private void follow(long ref) {
    if (ref == 0 || isValidBlockObject(ref)) {
      return;
    }
    Handle child;
    try {
      heap.headers.checkedReference(ref);
      if (heap.headers.isValid(ref)) {
        return;
      }
      child = heap.handle(ref);
    } catch (HeapCorruptedException noObject) {
      return;
    }
    if (!child.validateAsReached()) {
      if (deferred == null) {
        deferred = new HashSet<>();
      }
      if (!deferred.add(ref)) {
        return;
      }
    }
    if (work == null) {
      work = new ArrayDeque<>();
    }
    work.push(child);
  }

  /**
   * True if {@code ref} names a valid object of whole blocks: one header read, the common case of
   * a walk through published objects. False for anything else, which the full checks then sort out.
   */
  private boolean isValidBlockObject(long ref) {
    long block = ref >>> heap.geometry.blockShift();
    if (heap.headers.isPooled(ref) || !heap.geometry.isDataBlock(block)) {
      return false;
    }
    long header = heap.headers.word(block);
    return BlockHeader.isMaster(header) && BlockHeader.isValid(header);
  }
}
