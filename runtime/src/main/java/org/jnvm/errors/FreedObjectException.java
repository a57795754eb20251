package org.jnvm.errors;

/** An access through a proxy whose object was freed. */
public class FreedObjectException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public FreedObjectException(String message) {
    super(message);
  }

  public FreedObjectException(String message, Throwable cause) {
    super(message, cause);
  }
}
