package org.jnvm.examples.consumer;

import org.jnvm.Fa;
import org.jnvm.JNVM;
import org.jnvm.PObject;
import org.jnvm.Persistent;
import org.jnvm.pdt.PString;

/** One run of the program, kept in the heap; jnvm-processor generates {@code VisitProxy}. */
@Persistent(fa = Fa.NON_PRIVATE)
public abstract class Visit implements PObject {
  public abstract PString getWho();

  public abstract void setWho(PString who);

  public abstract long getNumber();

  public abstract void setNumber(long number);

  /** Resurrection runs this one: no persistent effects. */
  protected Visit() {}

  protected Visit(String who, long number) {
    setWho(PString.of(JNVM.heap(), who));
    setNumber(number);
  }
}
