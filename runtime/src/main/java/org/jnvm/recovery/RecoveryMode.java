package org.jnvm.recovery;

/** What the recovery at open does after replaying the redo logs. */
public enum RecoveryMode {
  /**
   * Traverse from the roots: keep what is valid and reachable, clear references to invalid
   * objects, call {@code recover()}, and free everything else. The default.
   */
  GC,
  /**
   * Scan block headers only (the paper's section 5.3.3): every valid object is kept, reachable or
   * not, and nothing is traversed. Faster on large heaps; leaks until the next GC recovery.
   */
  NO_GC
}
