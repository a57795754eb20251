package org.jnvm.samples.bank;

import java.util.ArrayList;
import java.util.List;
import org.jnvm.Fa;
import org.jnvm.PObject;
import org.jnvm.Persistent;

/**
 * A bank: a list of accounts and the money deposited in them. Every method is a failure-atomic
 * block, so after a crash at any instant the balances add up to the deposits.
 */
@Persistent(fa = Fa.NON_PRIVATE)
public abstract class Bank implements PObject {
  public abstract Account getFirst();

  public abstract void setFirst(Account first);

  public abstract int getAccounts();

  public abstract void setAccounts(int accounts);

  /** Every deposit ever made: what the balances must add up to. */
  public abstract long getDeposits();

  public abstract void setDeposits(long deposits);

  public abstract long getTransfers();

  public abstract void setTransfers(long transfers);

  public abstract long getRuns();

  public abstract void setRuns(long runs);

  protected Bank() {}

  /** Opens an account; the new account, its owner's name and the bank's totals commit together. */
  public Account open(String owner, Account.Kind kind, long deposit) {
    Account a = new AccountProxy(getAccounts() + 1, owner, kind, deposit);
    a.setNext(getFirst());
    setFirst(a);
    setAccounts(getAccounts() + 1);
    setDeposits(getDeposits() + deposit);
    return a;
  }

  /**
   * Moves {@code amount} from one account to another. The deposit comes first: if the withdrawal
   * then fails, the abort takes the deposit back.
   */
  public void transfer(Account from, Account to, long amount) {
    to.deposit(amount);
    from.withdraw(amount);
    setTransfers(getTransfers() + 1);
  }

  public void startRun() {
    setRuns(getRuns() + 1);
  }

  /** The accounts, newest first, in a volatile list. */
  public List<Account> accounts() {
    List<Account> out = new ArrayList<>();
    for (Account a = getFirst(); a != null; a = a.getNext()) {
      out.add(a);
    }
    return out;
  }

  public long sumOfBalances() {
    long sum = 0;
    for (Account a = getFirst(); a != null; a = a.getNext()) {
      sum += a.getBalance();
    }
    return sum;
  }
}
