package org.jnvm.errors;

/** The heap has no free block left for an allocation. The heap is left as it was before the call. */
public class OutOfPersistentMemoryException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public OutOfPersistentMemoryException(String message) {
    super(message);
  }

  public OutOfPersistentMemoryException(String message, Throwable cause) {
    super(message, cause);
  }
}
