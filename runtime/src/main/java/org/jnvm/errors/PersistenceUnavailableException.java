package org.jnvm.errors;

/** A persistence backend was asked for but cannot run in this JVM; the message says what to change. */
public class PersistenceUnavailableException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public PersistenceUnavailableException(String message) {
    super(message);
  }

  public PersistenceUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
