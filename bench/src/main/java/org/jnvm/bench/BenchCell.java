package org.jnvm.bench;

import org.jnvm.PObject;
import org.jnvm.Persistent;

/** The smallest @Persistent class: one long field, for the generated accessors' benchmark. */
@Persistent
public abstract class BenchCell implements PObject {
  protected BenchCell() {}

  public abstract long getValue();

  public abstract void setValue(long v);
}
