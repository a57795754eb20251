package org.jnvm.samples.lowlevel;

import org.jnvm.PObject;
import org.jnvm.Persistent;

/** The object each {@link LowLevel} allocates in Figure 5. */
@Persistent
public abstract class Other implements PObject {
  public abstract long getValue();

  public abstract void setValue(long v);

  protected Other() {}

  protected Other(long value) {
    setValue(value);
  }
}
