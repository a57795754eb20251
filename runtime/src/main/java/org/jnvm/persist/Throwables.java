package org.jnvm.persist;

/** Unwraps what {@code MethodHandle.invokeExact} declares, which our intrinsics never throw. */
final class Throwables {
  private Throwables() {}

  static RuntimeException unchecked(Throwable t) {
    if (t instanceof RuntimeException r) {
      return r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    return new IllegalStateException(t);
  }
}
