package org.jnvm.crash.bank;

import java.util.List;
import java.util.function.LongConsumer;
import org.jnvm.crash.Recovered;
import org.jnvm.crash.Violations;
import org.jnvm.crash.kill.KillWorkload;
import org.jnvm.crash.kill.Reports;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.pdt.PArray;
import org.jnvm.samples.tpcb.Bank;

/**
 * The bank ({@link Bank}, in the samples) under process kills: the child runs transaction after transaction, each in one
 * failure-atomic block, and reports each once its block has committed. After a kill the bank must
 * pass its audit, its history must hold transactions 1, 2, 3 ... without a gap, and it must hold
 * every reported one: up to the last reported, or past it by the transactions that the children
 * since may have committed unreported ({@link Reports#checkNewest}).
 */
public final class BankWorkload implements KillWorkload {
  static final Bank.Shape SHAPE = new Bank.Shape(4, 10, 1000, 512, 7);

  @Override
  public String name() {
    return "bank";
  }

  @Override
  public HeapConfig config() {
    return HeapConfig.ofSize(64 << 20);
  }

  @Override
  public void run(Heap heap, LongConsumer committed) {
    Bank bank = Bank.openOrCreate(heap, SHAPE);
    for (long t = bank.lastTransaction() + 1; ; t++) {
      bank.run(Bank.Tx.of(SHAPE, t), false);
      committed.accept(t);
    }
  }

  @Override
  public void check(Recovered heap, Reports reported, Violations v) {
    if (heap.root(Bank.ROOT, PArray.class) == null) {
      v.check(reported.isEmpty(), "the bank is gone after " + reported.size() + " reported transactions");
      return;
    }
    List<Long> history = Bank.openOrCreate(heap.heap(), SHAPE).audit(v::fail);
    for (int i = 0; i < history.size(); i++) {
      if (history.get(i).longValue() != i + 1) {
        v.fail("history record " + i + " is transaction " + history.get(i) + ", not " + (i + 1));
        return;
      }
    }
    reported.checkNewest(history.size(), "the history's last transaction", v);
  }
}
