package org.jnvm.processor.model;

/**
 * Thrown when a class cannot be analysed yet because a type it uses does not exist yet (another
 * processor may generate it in a later round).
 */
public final class Unresolved extends Exception {
  private static final long serialVersionUID = 1L;

  public Unresolved(String message) {
    super(message, null, false, false);
  }
}
