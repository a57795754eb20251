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
  private Publisher() {}

  /** Publishes the new objects that {@code from}, just made valid, references, transitively. */
  static void publishReachable(Heap heap, Handle from) {
    ArrayDeque<Handle> work = new ArrayDeque<>();
    Set<Long> deferred = null;
    work.push(from);
    while (!work.isEmpty()) {
      Handle h = work.pop();
      ClassRegistry.Entry entry = heap.registry().entry(h.classId());
      if (entry == null || entry.isPool()) {
        continue; // pooled objects hold no references
      }
      Layout layout = entry.layout();
      for (int i = 0; i < layout.refCount(); i++) {
        deferred = follow(heap, h.getRefOffset(layout.refOffset(i)), work, deferred);
      }
      Layout.Tail tail = layout.tail().orElse(null);
      if (tail != null && tail.kind() == FieldKind.REF) {
        Layout.Field lengthField = layout.field(tail.lengthField()).orElseThrow();
        long length = lengthField.kind() == FieldKind.INT ? h.getInt(lengthField.offset()) : h.getLong(lengthField.offset());
        for (long e = 0; e < length; e++) {
          deferred = follow(heap, h.getRefOffset(tail.offset() + e * Long.BYTES), work, deferred);
        }
      }
    }
  }

  /**
   * True if {@code ref} names a valid object of whole blocks: one header read, the common case of
   * a walk through published objects. False for anything else, which the full checks then sort out.
   */
  private static boolean isValidBlockObject(Heap heap, long ref) {
    long block = ref >>> heap.geometry.blockShift();
    if (heap.headers.isPooled(ref) || !heap.geometry.isDataBlock(block)) {
      return false;
    }
    long header = heap.headers.word(block);
    return BlockHeader.isMaster(header) && BlockHeader.isValid(header);
  }

  /** Publishes the object at {@code ref} if it is new, and queues it; returns the set of deferred objects seen. */
  private static Set<Long> follow(Heap heap, long ref, ArrayDeque<Handle> work, Set<Long> deferred) {
    if (ref == 0 || isValidBlockObject(heap, ref)) {
      return deferred;
    }
    Handle child;
    try {
      heap.headers.checkedReference(ref);
      if (heap.headers.isValid(ref)) {
        return deferred;
      }
      child = heap.handle(ref);
    } catch (HeapCorruptedException noObject) {
      return deferred;
    }
    if (child.validateAsReached()) {
      work.push(child);
    } else {
      Set<Long> seen = deferred == null ? new HashSet<>() : deferred;
      if (seen.add(ref)) {
        work.push(child);
      }
      return seen;
    }
    return deferred;
  }
}
