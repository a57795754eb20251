package org.jnvm.errors;

import java.util.OptionalLong;

/** A heap file that another open heap, in this process or another, already owns. */
public class HeapInUseException extends JnvmException {
  private static final long serialVersionUID = 1L;

  private final long holder;

  /** {@code holder} is the pid of the process that has the heap open, or -1 if the OS does not tell. */
  public HeapInUseException(String message, long holder) {
    super(message);
    this.holder = holder;
  }

  /** The process that has the heap open, where the OS tells. */
  public OptionalLong holder() {
    return holder < 0 ? OptionalLong.empty() : OptionalLong.of(holder);
  }
}
