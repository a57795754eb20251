package org.jnvm.samples.tpcb;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@link Bank} as plain objects on the Java heap: the baseline a persistent bank is measured
 * against. Nothing survives the process; a restart builds the bank again from nothing. A
 * transaction applies its changes only once it cannot abort any more, which is all the atomicity
 * one thread needs.
 */
public final class VolatileBank implements Bank {
  /** A branch, teller or account: a number and a balance, as {@link Balance} holds them. */
  private static final class Entry {
    /** Never read, like a Balance's: kept so that both banks hold the same data. */
    @SuppressWarnings("UnusedVariable")
    final long number;
    long balance;

    Entry(long number) {
      this.number = number;
    }
  }

  private static final int RECORD = 3;

  private final Shape shape;
  private final Entry[] branches;
  private final Entry[] tellers;
  private final Entry[] accounts;
  /** The history in chunks of {@code chunkRecords} records of three longs, as in the heap. */
  private final List<long[]> chunks = new ArrayList<>();
  private int countInHead;

  public VolatileBank(Shape shape) {
    this.shape = shape;
    this.branches = entries(shape.branches());
    this.tellers = entries(shape.tellers());
    this.accounts = entries(shape.accounts());
  }

  private static Entry[] entries(int n) {
    Entry[] out = new Entry[n];
    for (int i = 0; i < n; i++) {
      out[i] = new Entry(i);
    }
    return out;
  }

  @Override
  public Shape shape() {
    return shape;
  }

  @Override
  public long lastTransaction() {
    return countInHead == 0 ? 0 : chunks.get(chunks.size() - 1)[RECORD * (countInHead - 1)];
  }

  @Override
  public void run(Tx tx, boolean abortHalfWay) {
    if (abortHalfWay) {
      throw new Abort();
    }
    accounts[tx.account()].balance += tx.delta();
    tellers[tx.teller()].balance += tx.delta();
    branches[tx.branch()].balance += tx.delta();
    if (chunks.isEmpty() || countInHead == shape.chunkRecords()) {
      chunks.add(new long[RECORD * shape.chunkRecords()]);
      countInHead = 0;
    }
    long[] head = chunks.get(chunks.size() - 1);
    int at = RECORD * countInHead;
    head[at] = tx.id();
    head[at + 1] = tx.account();
    head[at + 2] = tx.delta();
    countInHead++;
  }

  @Override
  public long branch(int i) {
    return branches[i].balance;
  }

  @Override
  public long teller(int i) {
    return tellers[i].balance;
  }

  @Override
  public long account(int i) {
    return accounts[i].balance;
  }

  @Override
  public void forEachRecord(RecordVisitor visitor) {
    for (int c = 0; c < chunks.size(); c++) {
      long[] chunk = chunks.get(c);
      int count = c == chunks.size() - 1 ? countInHead : shape.chunkRecords();
      for (int i = 0; i < count; i++) {
        visitor.visit(chunk[RECORD * i], chunk[RECORD * i + 1], chunk[RECORD * i + 2]);
      }
    }
  }
}
