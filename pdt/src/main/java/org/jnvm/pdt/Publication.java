package org.jnvm.pdt;

import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.memory.Memory;

/**
 * How pdt containers publish what they are handed. A new object is invalid until published; a
 * container publishes it ({@link Handle#publishIfNew()}: written back, unless its creator did, as
 * strings and byte sequences do, then validated) without a fence, so that the fence of the
 * container's own atomic update makes the object and the reference to it durable together. An
 * object that is valid already was published before, and is left alone; its handle remembers that
 * it saw it valid, so that updating a map with values published long ago does not read their
 * headers each time.
 */
final class Publication {
  private Publication() {}

  /**
   * Publishes {@code o}, if it is new, to be referenced from {@code into}. An object of another
   * heap is refused before anything is written, in either heap.
   */
  static void prepare(Heap into, PObject o) {
    if (o == null) {
      return;
    }
    Handle h = o.handle();
    if (h.heap() != into) {
      throw Errors.foreignObject(into.path(), h.heap().path());
    }
    h.publishIfNew();
  }

  /**
   * The atomic update of the reference at {@code off} of {@code h} (the paper's Figure 6):
   * publishes {@code v} if it is new, fences, then stores the reference and writes it back. Unlike
   * {@link Handle#updateRef}, it does not validate an object that is valid already, which would
   * write its header back again (a line evicted, on CPUs without CLWB) and make the fence wait
   * for it: the object was published before, under the fence of whoever published it.
   */
  static void update(Handle h, long off, PObject v) {
    prepare(h.heap(), v);
    h.heap().pfence();
    h.putRef(off, v);
    h.pwb(off, Long.BYTES);
  }

  /**
   * {@link #update(Handle, long, PObject)} of the reference at {@code address}, which a handle of
   * {@code heap} granted ({@link org.jnvm.heap.DirectAccess}); only outside failure-atomic blocks.
   */
  static void update(Heap heap, long address, PObject v) {
    prepare(heap, v);
    heap.pfence();
    Memory.putLong(address, v.handle().offset());
    heap.persistence().pwb(address);
  }
}
