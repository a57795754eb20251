package org.jnvm.proxy;

import org.jnvm.errors.JnvmException;

/** An enum field holds, or is given, a value that its proxy does not know; see {@link EnumIds}. */
public final class UnknownEnumException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public UnknownEnumException(String message) {
    super(message);
  }
}
