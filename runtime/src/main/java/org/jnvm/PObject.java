package org.jnvm;

import org.jnvm.heap.Handle;

/**
 * A persistent object: a proxy on the Java heap for a data structure in a persistent heap. Only
 * {@code PObject}s can be stored in a heap, so durability belongs to the type.
 *
 * <p>An object is alive when it is valid and reachable from a root. It is allocated invalid, which
 * lets the low-level interface make several objects reachable under one pfence (the paper's
 * section 3.2.3): write, {@link #pwb()}, {@link #validate()}, then one pfence for them all.
 */
public interface PObject {

  /** Where this object's data is. For generated and runtime code; users rarely need it. */
  Handle handle();

  /** Marks the object valid and writes its header back, without a fence. */
  default void validate() {
    handle().validate();
  }

  /** Writes back every cache line of the object, without a fence. */
  default void pwb() {
    handle().pwb();
  }

  /** True while the object's header says it is valid. */
  default boolean isValid() {
    return handle().isValid();
  }

  /**
   * Called after a proxy is attached to existing data, to rebuild volatile state from persistent
   * state. It must not write the heap.
   */
  default void resurrect() {}

  /**
   * Called once per live object by the recovery at open, after the references to dead objects
   * are cleared, for objects that keep their own invariants without failure-atomic blocks. It must
   * be idempotent: a crash during recovery runs it again.
   */
  default void recover() {}
}
