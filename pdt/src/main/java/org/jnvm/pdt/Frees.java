package org.jnvm.pdt;

import java.util.HashSet;
import java.util.Set;
import org.jnvm.PObject;
import org.jnvm.heap.Heap;

/** Freeing the contents of a container, where one object may be referenced more than once. */
final class Frees {
  private Frees() {}

  /**
   * Frees, once each, the objects the first {@code count} elements of {@code array} reference, as
   * {@link #object} does.
   */
  static void distinct(Heap heap, PArray<?> array, int count, boolean deep) {
    Set<Long> freed = new HashSet<>();
    for (int i = 0; i < count; i++) {
      long ref = array.referenceAt(i);
      if (ref != 0 && freed.add(ref)) {
        object(heap, array.get(i), deep);
      }
    }
  }

  /**
   * Frees {@code o}: a pdt map, set or list whole, since its header alone would leave the rest of
   * it allocated, and with what it holds if {@code deep} (see {@link Contents#DEEP}); any other
   * object as {@link Heap#free} does.
   */
  static void object(Heap heap, PObject o, boolean deep) {
    if (o instanceof PMap<?, ?> map) {
      map.free(deep ? Contents.DEEP : Contents.KEEP);
    } else if (o instanceof PSet<?> set) {
      set.free(deep);
    } else if (o instanceof PArrayList<?> list) {
      list.free(deep, deep);
    } else {
      heap.free(o);
    }
  }
}
