package org.jnvm.pdt;

import java.util.HashSet;
import java.util.Set;
import org.jnvm.heap.Heap;

/** Freeing the contents of a container, where one object may be referenced more than once. */
final class Frees {
  private Frees() {}

  /** Frees, once each, the objects the first {@code count} elements of {@code array} reference. */
  static void distinct(Heap heap, PArray<?> array, int count) {
    Set<Long> freed = new HashSet<>();
    for (int i = 0; i < count; i++) {
      long ref = array.referenceAt(i);
      if (ref != 0 && freed.add(ref)) {
        heap.free(array.get(i));
      }
    }
  }
}
