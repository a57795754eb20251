package org.jnvm.tests.proxy;

import org.jnvm.Inline;
import org.jnvm.PObject;
import org.jnvm.Persistent;

/**
 * One {@code @Inline} field of 400 bytes, not failure-atomic: 404 bytes, two blocks of the default
 * 256, and the field spans both. Made before any failure-atomic block, so that its accessors can
 * take their direct path.
 */
@Persistent
public abstract class Note implements PObject {
  @Inline(capacity = 400)
  public abstract byte[] getText();

  public abstract void setText(byte[] v);

  protected Note() {}
}
