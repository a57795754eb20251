package org.jnvm.samples.tpcb;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.jnvm.heap.Heap;

/**
 * A TPC-B-like bank: branches, tellers (each of one branch), accounts and a history. A transaction
 * applies one delta to an account, a teller and the teller's branch, and appends a history record.
 * Which account, teller and delta a transaction has follows from its number, so an audit can check
 * every record.
 *
 * <p>Two implementations share this model: {@link PersistentBank}, in a jnvm heap with one
 * failure-atomic block per transaction, and {@link VolatileBank}, plain objects on the Java heap.
 */
public interface Bank {
  /** The root a persistent bank hangs from. */
  String ROOT = "bank";

  /** The bank's size and the seed its transactions are drawn from. */
  record Shape(int branches, int tellersPerBranch, int accounts, int chunkRecords, long seed) {
    /** TPC-B at {@code scale}: per branch 10 tellers and 100,000 accounts. */
    public static Shape tpcb(int scale, long seed) {
      return new Shape(scale, 10, 100_000 * scale, 4096, seed);
    }

    public int tellers() {
      return branches * tellersPerBranch;
    }
  }

  /** Transaction {@code id}: what it moves where. */
  record Tx(long id, int account, int teller, int branch, long delta) {
    public static Tx of(Shape s, long id) {
      SplittableRandom r = new SplittableRandom(s.seed() * 0x9e37_79b9_7f4a_7c15L + id);
      int account = r.nextInt(s.accounts());
      int teller = r.nextInt(s.tellers());
      long delta = (1 + r.nextInt(999)) * (r.nextBoolean() ? 1L : -1L);
      return new Tx(id, account, teller, teller / s.tellersPerBranch(), delta);
    }
  }

  /** Thrown inside a transaction to abort it half way. */
  final class Abort extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public Abort() {
      super("aborted on purpose", null, false, false);
    }
  }

  /** One history record, as the visitor of {@link #forEachRecord} sees it. */
  @FunctionalInterface
  interface RecordVisitor {
    void visit(long transaction, long account, long delta);
  }

  /** The bank in the heap, or a new one rooted at {@link #ROOT}. */
  static PersistentBank openOrCreate(Heap heap, Shape shape) {
    return PersistentBank.openOrCreate(heap, shape);
  }

  Shape shape();

  /**
   * Runs a transaction atomically. With {@code abortHalfWay} it throws {@link Abort} after the
   * account and the teller are updated, and nothing of it remains.
   */
  void run(Tx tx, boolean abortHalfWay);

  /** The number of the newest transaction in the history, 0 if none. */
  long lastTransaction();

  long branch(int i);

  long teller(int i);

  long account(int i);

  /** Visits the history, oldest record first. */
  void forEachRecord(RecordVisitor visitor);

  /** Every balance: branches, then tellers, then accounts. */
  default List<Long> balances() {
    Shape s = shape();
    List<Long> all = new ArrayList<>(s.branches() + s.tellers() + s.accounts());
    for (int i = 0; i < s.branches(); i++) {
      all.add(branch(i));
    }
    for (int i = 0; i < s.tellers(); i++) {
      all.add(teller(i));
    }
    for (int i = 0; i < s.accounts(); i++) {
      all.add(account(i));
    }
    return all;
  }

  /**
   * Audits the bank (see {@link Audit}): each inconsistency goes to {@code failures}. Returns the
   * transactions of the history, oldest first.
   */
  default List<Long> audit(Consumer<String> failures) {
    return new Audit(this, failures).run();
  }
}
