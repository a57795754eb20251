package org.jnvm.errors;

/**
 * Two threads' failure-atomic blocks wrote the same heap block at the same time. Blocks give no
 * isolation; the second writer gets this exception (and its block aborts if it propagates), so the
 * first block's commit can never be silently overwritten.
 */
public class BlockConflictException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public BlockConflictException(String message) {
    super(message);
  }
}
