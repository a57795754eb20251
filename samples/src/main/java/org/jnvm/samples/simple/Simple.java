package org.jnvm.samples.simple;

import org.jnvm.Fa;
import org.jnvm.JNVM;
import org.jnvm.PObject;
import org.jnvm.Persistent;
import org.jnvm.pdt.PString;

/**
 * The paper's Figure 3: a persistent class whose methods are failure-atomic. Its persistent fields
 * are the abstract getter and setter pairs; the processor generates {@code SimpleProxy}, which
 * implements them over the heap.
 */
@Persistent(fa = Fa.NON_PRIVATE)
public abstract class Simple implements PObject {
  public abstract PString getMsg();

  public abstract void setMsg(PString msg);

  public abstract int getX();

  public abstract void setX(int x);

  /** An ordinary field, the figure's transient {@code y}: it lives in the proxy only. */
  public int y;

  /** Resurrection runs this one: no persistent effects. */
  protected Simple() {}

  protected Simple(int x) {
    setX(x);
    setMsg(PString.of(JNVM.heap(), "Hello, NVMM!"));
  }

  /** Failure-atomic, like every non-private method of the class. */
  public void inc() {
    setX(getX() + 1);
  }
}
