package org.jnvm.tests.proxy;

import org.jnvm.Inline;
import org.jnvm.PObject;
import org.jnvm.Persistent;

/**
 * A long and an {@code @Inline} field of 400 bytes, not failure-atomic: 412 bytes, two blocks of
 * the default 256, and the field spans both. Made before any failure-atomic block, so that its
 * accessors can take their direct path.
 */
@Persistent
public abstract class Note implements PObject {
  public abstract long getStamp();

  public abstract void setStamp(long v);

  @Inline(capacity = 400)
  public abstract byte[] getText();

  public abstract void setText(byte[] v);

  protected Note() {}
}
