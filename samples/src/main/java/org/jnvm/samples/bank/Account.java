package org.jnvm.samples.bank;

import org.jnvm.Fa;
import org.jnvm.JNVM;
import org.jnvm.PObject;
import org.jnvm.Persistent;
import org.jnvm.pdt.PString;

/** A bank account. Its methods, and its constructors, run as failure-atomic blocks. */
@Persistent(fa = Fa.NON_PRIVATE)
public abstract class Account implements PObject {
  /** Stored as the id of the constant's name, so reordering these constants changes nothing. */
  public enum Kind { CHECKING, SAVINGS }

  public abstract int getNumber();

  public abstract void setNumber(int number);

  public abstract PString getOwner();

  public abstract void setOwner(PString owner);

  public abstract Kind getKind();

  public abstract void setKind(Kind kind);

  public abstract long getBalance();

  public abstract void setBalance(long balance);

  public abstract Account getNext();

  public abstract void setNext(Account next);

  protected Account() {}

  protected Account(int number, String owner, Kind kind, long balance) {
    if (balance < 0) {
      throw new IllegalArgumentException("an account opens with a balance of at least 0, not " + balance);
    }
    setNumber(number);
    setOwner(PString.of(JNVM.heap(), owner));
    setKind(kind);
    setBalance(balance);
  }

  public void deposit(long amount) {
    setBalance(getBalance() + amount);
  }

  /** Throws, aborting the enclosing block, if the balance does not cover {@code amount}. */
  public void withdraw(long amount) {
    if (amount > getBalance()) {
      throw new InsufficientFundsException(this, amount);
    }
    setBalance(getBalance() - amount);
  }

  @Override
  public String toString() {
    return String.format("#%d %-6s %-8s %8d", getNumber(), getOwner(), getKind(), getBalance());
  }
}
