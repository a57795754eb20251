package org.jnvm.crash.objects;

import org.jnvm.heap.Handle;

/** The common part of the test objects: the handle, and an id at a fixed offset that must be positive. */
abstract class Stamped implements SelfChecking {
  private final Handle handle;
  private final long idAt;

  Stamped(Handle handle, long idAt) {
    this.handle = handle;
    this.idAt = idAt;
  }

  @Override
  public final Handle handle() {
    return handle;
  }

  @Override
  public final long id() {
    return handle.getLong(idAt);
  }

  @Override
  public final String defect() {
    long id = id();
    return id <= 0 ? getClass().getSimpleName() + " has id " + id : contentsDefect(id);
  }

  /** What is wrong with the rest of the contents of object {@code id}, or null. */
  abstract String contentsDefect(long id);
}
