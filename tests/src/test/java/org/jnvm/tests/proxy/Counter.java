package org.jnvm.tests.proxy;

import org.jnvm.Fa;
import org.jnvm.PObject;
import org.jnvm.Persistent;
import org.jnvm.fa.FailureAtomic;

/** Failure-atomic: its constructors and methods run as blocks. */
@Persistent(fa = Fa.NON_PRIVATE)
public abstract class Counter implements PObject {
  public abstract long getCount();
  public abstract void setCount(long v);
  public abstract Counter getPeer();
  public abstract void setPeer(Counter v);

  /** Whether the constructor ran inside a block. */
  boolean constructedInBlock;

  protected Counter() {}

  protected Counter(long start) {
    constructedInBlock = FailureAtomic.inBlock();
    if (start < 0) {
      throw new IllegalArgumentException("negative start " + start);
    }
    setCount(start);
  }

  /** Changes another object, then throws if {@code fail}. */
  protected Counter(Counter peer, boolean fail) {
    constructedInBlock = FailureAtomic.inBlock();
    setPeer(peer);
    peer.setCount(peer.getCount() + 1);
    if (fail) {
      throw new IllegalStateException("constructor failed after changing its peer");
    }
  }

  public long increment() {
    setCount(getCount() + 1);
    return getCount();
  }

  public void incrementThenFail() {
    setCount(getCount() + 1);
    throw new IllegalStateException("failed after a write");
  }

  public void incrementBoth(Counter other) {
    increment();
    other.increment();
  }

  public boolean runsInBlock() {
    return FailureAtomic.inBlock();
  }

  /** Not wrapped: final. */
  public final boolean finalRunsInBlock() {
    return FailureAtomic.inBlock();
  }
}
