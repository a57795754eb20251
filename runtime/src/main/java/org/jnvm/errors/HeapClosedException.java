package org.jnvm.errors;

/** An operation on a heap that was closed. */
public class HeapClosedException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public HeapClosedException(String message) {
    super(message);
  }

  public HeapClosedException(String message, Throwable cause) {
    super(message, cause);
  }
}
