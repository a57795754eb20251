package org.jnvm.pdt;

import java.util.ArrayList;
import java.util.List;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Handle;

/**
 * Tells whether a failure-atomic block that changed a map committed or aborted, so the map can
 * bring its volatile mirror back in line after an abort. The runtime has no abort callback yet, so
 * the map records the reference writes it makes inside blocks, with the value before the block and
 * the last value written. A block is all or nothing: once it has ended, one location whose last
 * value differs from its value before tells the outcome, by which of the two it now holds.
 */
final class BlockWatch {
  /** A reference field written in a block: its value before the block and the last value written. */
  private static final class Write {
    final Handle handle;
    final long field;
    final long before;
    long after;

    Write(Handle handle, long field, long before, long after) {
      this.handle = handle;
      this.field = field;
      this.before = before;
      this.after = after;
    }
  }

  private final List<Write> writes = new ArrayList<>();
  private volatile boolean pending;

  /** True once a block has written, until {@link #rolledBack()} settles it. */
  boolean pending() {
    return pending;
  }

  /** The value of a reference field before a write, when the caller is in a block; else 0. */
  static long before(Handle handle, long field) {
    return FailureAtomic.inBlock() ? handle.getRefOffset(field) : 0;
  }

  /** Records a reference write, if the caller is in a block. */
  synchronized void wrote(Handle handle, long field, long before, long after) {
    if (!FailureAtomic.inBlock()) {
      return;
    }
    for (Write w : writes) {
      if (w.handle.offset() == handle.offset() && w.field == field) {
        w.after = after;
        return;
      }
    }
    writes.add(new Write(handle, field, before, after));
    pending = true;
  }

  /**
   * After the block has ended: true when it aborted, or when the outcome cannot be told, in which
   * case the map rebuilds its mirror to be safe. Forgets the writes.
   */
  synchronized boolean rolledBack() {
    try {
      for (Write w : writes) {
        if (w.after == w.before || w.handle.isFreed()) {
          continue;
        }
        long now = w.handle.getRefOffset(w.field);
        if (now == w.after) {
          return false;
        }
        if (now == w.before) {
          return true;
        }
      }
      return writes.stream().anyMatch(w -> w.after != w.before);
    } finally {
      writes.clear();
      pending = false;
    }
  }
}
