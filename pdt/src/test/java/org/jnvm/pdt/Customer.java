package org.jnvm.pdt;

import org.jnvm.Fa;
import org.jnvm.PObject;
import org.jnvm.Persistent;

/**
 * A map value written as users write theirs: an abstract class whose proxy, {@code CustomerProxy},
 * the jnvm annotation processor generates. Its methods are failure-atomic blocks.
 */
@Persistent(fa = Fa.NON_PRIVATE)
public abstract class Customer implements PObject {
  /** Stored as the hash of the constant's name. */
  public enum Tier {
    BASIC,
    GOLD
  }

  public abstract PString getName();

  public abstract void setName(PString v);

  public abstract long getBalance();

  public abstract void setBalance(long v);

  public abstract Tier getTier();

  public abstract void setTier(Tier v);

  /** Another customer this one refers, or null. */
  public abstract Customer getReferrer();

  public abstract void setReferrer(Customer v);

  protected Customer() {}

  /** Runs inside the construction's block, which validates the new name with the customer. */
  protected Customer(String name, long balance, Tier tier) {
    setName(PString.of(handle().heap(), name));
    setBalance(balance);
    setTier(tier);
  }

  /** Moves {@code amount} to {@code to}; throws, undoing the deposit, if this balance does not cover it. */
  public void transferTo(Customer to, long amount) {
    to.setBalance(to.getBalance() + amount);
    if (getBalance() < amount) {
      throw new IllegalArgumentException(getName() + " cannot pay " + amount);
    }
    setBalance(getBalance() - amount);
  }
}
