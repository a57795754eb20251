package org.jnvm.errors;

/** A class whose persistent layout in the heap differs from the layout its code declares. */
public class LayoutMismatchException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public LayoutMismatchException(String message) {
    super(message);
  }

  public LayoutMismatchException(String message, Throwable cause) {
    super(message, cause);
  }
}
