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
 * {@link HistoryChunk}. A balance's proxy is made on its first use and kept, so opening a bank
 * costs nothing per account, and later transactions only index an array.
 */
public final class PersistentBank implements Bank {
  private static final int BRANCHES = 0;
  private static final int TELLERS = 1;
  private static final int ACCOUNTS = 2;
  private static final int HISTORY = 3;

  private final Heap heap;
  private final Shape shape;
  private final PArray<PObject> root;
  private final Table branches;
  private final Table tellers;
  private final Table accounts;
  private HistoryChunk head;

  /** One table of balances and the proxies made of it so far. */
  private static final class Table {
    private final PArray<Balance> balances;
    private final Balance[] proxies;

    Table(PArray<Balance> balances) {
      this.balances = balances;
      this.proxies = new Balance[balances.length()];
    }

    Balance get(int i) {
      Balance b = proxies[i];
      if (b == null) {
        b = balances.get(i);
        proxies[i] = b;
      }
      return b;
    }
  }

  private PersistentBank(Heap heap, Shape shape, PArray<PObject> root) {
    this.heap = heap;
    this.shape = shape;
    this.root = root;
    this.branches = table(root, BRANCHES, shape.branches());
    this.tellers = table(root, TELLERS, shape.tellers());
    this.accounts = table(root, ACCOUNTS, shape.accounts());
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
  private static Table table(PArray<PObject> root, int table, int n) {
    PArray<Balance> t = (PArray<Balance>) root.get(table);
    if (t.length() != n) {
      throw new IllegalArgumentException("the heap's bank has " + t.length() + " entries in table " + table + ", not " + n);
    }
    return new Table(t);
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
            accounts.get(tx.account()).add(tx.delta());
            tellers.get(tx.teller()).add(tx.delta());
            if (abortHalfWay) {
              throw new Abort();
            }
            branches.get(tx.branch()).add(tx.delta());
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
    return branches.get(i).balance();
  }

  @Override
  public long teller(int i) {
    return tellers.get(i).balance();
  }

  @Override
  public long account(int i) {
    return accounts.get(i).balance();
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
