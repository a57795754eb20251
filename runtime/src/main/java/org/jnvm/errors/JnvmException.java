package org.jnvm.errors;

/** Root of the exceptions jnvm throws on purpose. */
public class JnvmException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public JnvmException(String message) {
    super(message);
  }

  public JnvmException(String message, Throwable cause) {
    super(message, cause);
  }
}
