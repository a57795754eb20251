package org.jnvm.tests.proxy;

import org.jnvm.PObject;
import org.jnvm.Persistent;

/** Breaks the rule: its no-argument constructor, which resurrection runs, reads a persistent field. */
@Persistent
public abstract class Touchy implements PObject {
  public abstract long getX();
  public abstract void setX(long v);

  long seen;

  protected Touchy() {
    seen = getX();
  }
}
