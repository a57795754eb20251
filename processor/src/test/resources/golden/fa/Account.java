package golden;

import java.io.IOException;
import org.jnvm.Fa;
import org.jnvm.PObject;
import org.jnvm.Persistent;

/** Failure-atomic: constructors and the overridable methods run as blocks; the others are left alone. */
@Persistent(fa = Fa.NON_PRIVATE)
public abstract class Account implements PObject {
  public abstract long getBalance();
  public abstract void setBalance(long balance);
  public abstract Account getPeer();
  public abstract void setPeer(Account peer);

  long reads;

  protected Account() {}

  protected Account(long balance) {
    setBalance(balance);
  }

  Account(long... deposits) throws IOException {
    for (long d : deposits) {
      setBalance(getBalance() + d);
    }
  }

  public void transferTo(Account to, long amount) {
    setBalance(getBalance() - amount);
    to.setBalance(to.getBalance() + amount);
  }

  protected long withdraw(long amount) throws IOException {
    if (amount > getBalance()) {
      throw new IOException("not enough");
    }
    setBalance(getBalance() - amount);
    return amount;
  }

  <T extends Comparable<T>> T larger(T a, T b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  public final long balanceTwice() {
    return 2 * getBalance();
  }

  public static Account richer(Account a, Account b) {
    return a.getBalance() >= b.getBalance() ? a : b;
  }

  private void audit() {
    reads++;
  }

  @Override
  public void resurrect() {
    audit();
  }

  @Override
  public String toString() {
    return "Account[" + getBalance() + "]";
  }
}
