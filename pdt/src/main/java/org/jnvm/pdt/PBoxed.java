package org.jnvm.pdt;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;

/**
 * What {@link PLong} and {@link PInt} share: an immutable number read once from the heap, ordered
 * and printed as that value.
 *
 * @param <S> the concrete class, so that each compares only with its own kind
 */
public abstract class PBoxed<S extends PBoxed<S>> implements PObject, Comparable<S>, ImmutableValue {
  final Handle handle;
  /** The value, widened to a long; read once, as it never changes. */
  final long value;

  PBoxed(Handle handle, long value) {
    this.handle = handle;
    this.value = value;
  }

  @Override
  public final Handle handle() {
    return handle;
  }

  /** True for a number of the same class with the same value. */
  @Override
  public abstract boolean equals(Object o);

  @Override
  public abstract int hashCode();

  @Override
  public final int compareTo(S other) {
    return Long.compare(value, other.value);
  }

  @Override
  public final String toString() {
    return Long.toString(value);
  }
}
