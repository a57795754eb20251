package org.jnvm.errors;

/** A heap file that does not parse, or whose contents contradict themselves. Opening such a file, or reading the damaged part, throws this; it never crashes the JVM. */
public class HeapCorruptedException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public HeapCorruptedException(String message) {
    super(message);
  }

  public HeapCorruptedException(String message, Throwable cause) {
    super(message, cause);
  }
}
