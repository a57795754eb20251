package org.jnvm.crash.bank;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.jnvm.crash.Violations;
import org.jnvm.crash.objects.Balance;
import org.jnvm.crash.objects.HistoryChunk;
import org.jnvm.crash.objects.Slots;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Heap;

/**
 * A TPC-B-like bank: branches, tellers (each of one branch), accounts and a history. A transaction
 * applies one delta to an account, a teller and the teller's branch, and appends a history record,
 * all in one failure-atomic block. Which account, teller and delta a transaction has follows from
 * its number, so the audit can check every record.
 *
 * <p>The root is an array: the branches, the tellers and the accounts (arrays of {@link Balance}),
 * then the newest {@link HistoryChunk}.
 */
public final class Bank {
  public static final String ROOT = "bank";
  private static final int HISTORY = 3;

  private final Heap heap;
  private final Shape shape;
  private final Slots root;
  private final Balance[] branches;
  private final Balance[] tellers;
  private final Balance[] accounts;
  private HistoryChunk head;

  /** The bank's size and the seed its transactions are drawn from. */
  public record Shape(int branches, int tellersPerBranch, int accounts, int chunkRecords, long seed) {
    public int tellers() {
      return branches * tellersPerBranch;
    }
  }

  /** Transaction {@code id}: what it moves where. */
  public record Tx(long id, int account, int teller, int branch, long delta) {
    public static Tx of(Shape s, long id) {
      SplittableRandom r = new SplittableRandom(s.seed() * 0x9e37_79b9_7f4a_7c15L + id);
      int account = r.nextInt(s.accounts());
      int teller = r.nextInt(s.tellers());
      long delta = (1 + r.nextInt(999)) * (r.nextBoolean() ? 1L : -1L);
      return new Tx(id, account, teller, teller / s.tellersPerBranch(), delta);
    }
  }

  /** Thrown inside a transaction's block to abort it half way. */
  public static final class Abort extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public Abort() {
      super("aborted on purpose", null, false, false);
    }
  }

  private Bank(Heap heap, Shape shape, Slots root) {
    this.heap = heap;
    this.shape = shape;
    this.root = root;
    this.branches = balances(root, 0, shape.branches());
    this.tellers = balances(root, 1, shape.tellers());
    this.accounts = balances(root, 2, shape.accounts());
    this.head = (HistoryChunk) root.get(HISTORY);
  }

  /** The bank in the heap, or a new one, made as the paper's Figure 5 makes objects and rooted with one put. */
  public static Bank openOrCreate(Heap heap, Shape shape) {
    Slots root = heap.roots().get(ROOT, Slots.class);
    if (root == null) {
      root = new Slots(heap, 4);
      root.set(0, table(heap, shape.branches()));
      root.set(1, table(heap, shape.tellers()));
      root.set(2, table(heap, shape.accounts()));
      root.pwb();
      heap.roots().put(ROOT, root);
    }
    return new Bank(heap, shape, root);
  }

  private static Slots table(Heap heap, int n) {
    Slots t = new Slots(heap, n);
    for (int i = 0; i < n; i++) {
      Balance b = new Balance(heap, i);
      b.pwb();
      b.validate();
      t.set(i, b);
    }
    t.pwb();
    t.validate();
    return t;
  }

  private static Balance[] balances(Slots root, int table, int n) {
    Slots t = (Slots) root.get(table);
    Balance[] out = new Balance[n];
    for (int i = 0; i < n; i++) {
      out[i] = (Balance) t.get(i);
    }
    return out;
  }

  /** The number of the newest transaction in the history, 0 if none. */
  public long lastTransaction() {
    return head == null || head.count() == 0 ? 0 : head.get(head.count() - 1, 0);
  }

  /**
   * Runs a transaction in one failure-atomic block. With {@code abortHalfWay} the block throws
   * {@link Abort} after the account and the teller are updated, so nothing of it must remain.
   */
  public void run(Tx tx, boolean abortHalfWay) {
    HistoryChunk before = head;
    try {
      FailureAtomic.run(
          () -> {
            accounts[tx.account()].add(tx.delta());
            tellers[tx.teller()].add(tx.delta());
            if (abortHalfWay) {
              throw new Abort();
            }
            branches[tx.branch()].add(tx.delta());
            if (head == null || head.count() == head.capacity()) {
              head = new HistoryChunk(heap, shape.chunkRecords(), head);
              root.set(HISTORY, head);
            }
            head.append(tx.id(), tx.account(), tx.delta());
          });
    } catch (RuntimeException e) {
      head = before;
      throw e;
    }
  }

  /** Every balance: branches, then tellers, then accounts. */
  public List<Long> balances() {
    List<Long> all = new ArrayList<>();
    for (Balance[] table : List.of(branches, tellers, accounts)) {
      for (Balance b : table) {
        all.add(b.balance());
      }
    }
    return all;
  }

  /**
   * Audits a bank: the four sums agree, each branch holds the sum of its tellers, every account and
   * teller holds the sum of its history records, and each record is the transaction its number
   * says. Returns the transactions of the history, oldest first.
   */
  public List<Long> audit(Violations v) {
    List<Long> transactions = new ArrayList<>();
    long[] byAccount = new long[shape.accounts()];
    long[] byTeller = new long[shape.tellers()];
    long history = 0;
    List<HistoryChunk> chunks = new ArrayList<>();
    for (HistoryChunk c = head; c != null; c = c.previous()) {
      chunks.add(c);
    }
    Collections.reverse(chunks);
    for (HistoryChunk c : chunks) {
      for (int i = 0; i < c.count(); i++) {
        Tx tx = Tx.of(shape, c.get(i, 0));
        if (c.get(i, 1) != tx.account() || c.get(i, 2) != tx.delta()) {
          v.fail("history record " + transactions.size() + " says transaction " + tx.id() + " moved " + c.get(i, 2) + " on account " + c.get(i, 1) + ", not " + tx.delta() + " on " + tx.account());
        }
        byAccount[tx.account()] += tx.delta();
        byTeller[tx.teller()] += tx.delta();
        history += tx.delta();
        transactions.add(tx.id());
      }
    }
    long sumBranches = sum(branches);
    long sumTellers = sum(tellers);
    long sumAccounts = sum(accounts);
    v.check(sumBranches == sumTellers && sumTellers == sumAccounts && sumAccounts == history,
        "the sums disagree: branches " + sumBranches + ", tellers " + sumTellers + ", accounts " + sumAccounts + ", history " + history);
    for (int b = 0; b < shape.branches(); b++) {
      long own = 0;
      for (int t = b * shape.tellersPerBranch(); t < (b + 1) * shape.tellersPerBranch(); t++) {
        own += tellers[t].balance();
      }
      v.check(branches[b].balance() == own, "branch " + b + " holds " + branches[b].balance() + " but its tellers " + own);
    }
    for (int a = 0; a < shape.accounts(); a++) {
      v.check(accounts[a].balance() == byAccount[a], "account " + a + " holds " + accounts[a].balance() + " but its history says " + byAccount[a]);
    }
    for (int t = 0; t < shape.tellers(); t++) {
      v.check(tellers[t].balance() == byTeller[t], "teller " + t + " holds " + tellers[t].balance() + " but its history says " + byTeller[t]);
    }
    for (int i = 1; i < transactions.size(); i++) {
      if (transactions.get(i) <= transactions.get(i - 1)) {
        v.fail("the history lists transaction " + transactions.get(i) + " after " + transactions.get(i - 1));
        break;
      }
    }
    return transactions;
  }

  private static long sum(Balance[] table) {
    long s = 0;
    for (Balance b : table) {
      s += b.balance();
    }
    return s;
  }
}
