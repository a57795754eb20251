package org.jnvm.samples.tpcb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jnvm.PObject;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Heap;
import org.jnvm.pdt.PArray;

/**
 * The {@link Bank} in a jnvm heap, each transaction one failure-atomic block. The root is an
 * array: the branches, the tellers and the accounts (arrays of {@link Balance}), then the newest
 * {@link HistoryChunk}. Opening a bank makes a proxy for every balance up front, so transactions
 * only index arrays.
 */
public final class PersistentBank implements Bank {
  private static final int BRANCHES = 0;
  private static final int TELLERS = 1;
  private static final int ACCOUNTS = 2;
  private static final int HISTORY = 3;

  private final Heap heap;
  private final Shape shape;
  private final PArray<PObject> root;
  private final Balance[] branches;
  private final Balance[] tellers;
  private final Balance[] accounts;
  private HistoryChunk head;

  private PersistentBank(Heap heap, Shape shape, PArray<PObject> root) {
    this.heap = heap;
    this.shape = shape;
    this.root = root;
    this.branches = balances(root, BRANCHES, shape.branches());
    this.tellers = balances(root, TELLERS, shape.tellers());
    this.accounts = balances(root, ACCOUNTS, shape.accounts());
    this.head = (HistoryChunk) root.get(HISTORY);
  }

  /**
   * The bank in the heap, or a new one, made as the paper's Figure 5 makes objects (written back
   * and validated without fences) and published with one root put.
   */
  @SuppressWarnings("unchecked")
  public static PersistentBank openOrCreate(Heap heap, Shape shape) {
    PArray<PObject> root = heap.roots().get(ROOT, PArray.class);
    if (root == null) {
      root = new PArray<>(heap, 4);
      root.set(BRANCHES, table(heap, shape.branches()));
      root.set(TELLERS, table(heap, shape.tellers()));
      root.set(ACCOUNTS, table(heap, shape.accounts()));
      root.pwb();
      heap.roots().put(ROOT, root);
    }
    return new PersistentBank(heap, shape, root);
  }

  private static PArray<Balance> table(Heap heap, int n) {
    PArray<Balance> t = new PArray<>(heap, n);
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

  @SuppressWarnings("unchecked")
  private static Balance[] balances(PArray<PObject> root, int table, int n) {
    PArray<Balance> t = (PArray<Balance>) root.get(table);
    if (t.length() != n) {
      throw new IllegalArgumentException("the heap's bank has " + t.length() + " entries in table " + table + ", not " + n);
    }
    Balance[] out = new Balance[n];
    for (int i = 0; i < n; i++) {
      out[i] = t.get(i);
    }
    return out;
  }

  @Override
  public Shape shape() {
    return shape;
  }

  @Override
  public long lastTransaction() {
    return head == null || head.count() == 0 ? 0 : head.get(head.count() - 1, 0);
  }

  @Override
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

  @Override
  public long branch(int i) {
    return branches[i].balance();
  }

  @Override
  public long teller(int i) {
    return tellers[i].balance();
  }

  @Override
  public long account(int i) {
    return accounts[i].balance();
  }

  @Override
  public void forEachRecord(RecordVisitor visitor) {
    List<HistoryChunk> chunks = new ArrayList<>();
    for (HistoryChunk c = head; c != null; c = c.previous()) {
      chunks.add(c);
    }
    Collections.reverse(chunks);
    for (HistoryChunk c : chunks) {
      for (int i = 0; i < c.count(); i++) {
        visitor.visit(c.get(i, 0), c.get(i, 1), c.get(i, 2));
      }
    }
  }
}
