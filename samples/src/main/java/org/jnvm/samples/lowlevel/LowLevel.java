package org.jnvm.samples.lowlevel;

import org.jnvm.JNVM;
import org.jnvm.PObject;
import org.jnvm.Persistent;

/**
 * The paper's Figure 5: the low-level interface (no {@code fa}). The constructor publishes its
 * sub-object and the object itself without a single fence; the caller validates after one pfence
 * for all of them.
 */
@Persistent
public abstract class LowLevel implements PObject {
  public abstract Other getO();

  public abstract void setO(Other o);

  protected LowLevel() {}

  protected LowLevel(String name, long value) {
    Other o = new OtherProxy(value);
    setO(o);
    o.pwb();
    o.validate(); // o's header: valid, written back, not fenced
    pwb();
    JNVM.root().wput(name, this); // the weak put: no validation, no fence
  }
}
