package org.jnvm.samples.tpcb;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The invariants of a {@link Bank}: the sums of the branches, the tellers, the accounts and the
 * history deltas agree; each branch holds the sum of its tellers; every account and teller holds
 * the sum of its history records; each record is the transaction its number says; and numbers
 * rise along the history.
 */
final class Audit {
  private final Bank bank;
  private final Bank.Shape shape;
  private final Consumer<String> failures;

  Audit(Bank bank, Consumer<String> failures) {
    this.bank = bank;
    this.shape = bank.shape();
    this.failures = failures;
  }

  List<Long> run() {
    List<Long> transactions = new ArrayList<>();
    long[] byAccount = new long[shape.accounts()];
    long[] byTeller = new long[shape.tellers()];
    long[] history = {0};
    bank.forEachRecord(
        (id, account, delta) -> {
          Bank.Tx tx = Bank.Tx.of(shape, id);
          if (account != tx.account() || delta != tx.delta()) {
            fail("history record " + transactions.size() + " says transaction " + id + " moved " + delta + " on account " + account + ", not " + tx.delta() + " on " + tx.account());
          }
          byAccount[tx.account()] += tx.delta();
          byTeller[tx.teller()] += tx.delta();
          history[0] += tx.delta();
          transactions.add(id);
        });
    long sumBranches = 0;
    for (int b = 0; b < shape.branches(); b++) {
      long own = 0;
      for (int t = b * shape.tellersPerBranch(); t < (b + 1) * shape.tellersPerBranch(); t++) {
        own += bank.teller(t);
      }
      check(bank.branch(b) == own, "branch " + b + " holds " + bank.branch(b) + " but its tellers " + own);
      sumBranches += bank.branch(b);
    }
    long sumTellers = 0;
    for (int t = 0; t < shape.tellers(); t++) {
      check(bank.teller(t) == byTeller[t], "teller " + t + " holds " + bank.teller(t) + " but its history says " + byTeller[t]);
      sumTellers += bank.teller(t);
    }
    long sumAccounts = 0;
    for (int a = 0; a < shape.accounts(); a++) {
      check(bank.account(a) == byAccount[a], "account " + a + " holds " + bank.account(a) + " but its history says " + byAccount[a]);
      sumAccounts += bank.account(a);
    }
    check(sumBranches == sumTellers && sumTellers == sumAccounts && sumAccounts == history[0],
        "the sums disagree: branches " + sumBranches + ", tellers " + sumTellers + ", accounts " + sumAccounts + ", history " + history[0]);
    for (int i = 1; i < transactions.size(); i++) {
      if (transactions.get(i) <= transactions.get(i - 1)) {
        fail("the history lists transaction " + transactions.get(i) + " after " + transactions.get(i - 1));
        break;
      }
    }
    return transactions;
  }

  private void check(boolean ok, String message) {
    if (!ok) {
      fail(message);
    }
  }

  private void fail(String message) {
    failures.accept(message);
  }
}
