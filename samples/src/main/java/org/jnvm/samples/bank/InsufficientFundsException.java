package org.jnvm.samples.bank;

/** A withdrawal the balance does not cover; it aborts the failure-atomic block it leaves. */
public final class InsufficientFundsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  InsufficientFundsException(Account account, long amount) {
    super("account #" + account.getNumber() + " holds " + account.getBalance() + ", less than " + amount);
  }
}
