package org.jnvm.crash.scenarios;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.jnvm.crash.History;
import org.jnvm.crash.Recovered;
import org.jnvm.crash.Violations;
import org.jnvm.heap.Heap;
import org.jnvm.pdt.PArray;
import org.jnvm.samples.tpcb.Bank;

/**
 * A small bank, each transaction one failure-atomic block, some aborted half way. After a crash the
 * bank must pass its audit, and its balances and history length must be those after the last
 * committed transaction, or after the one whose commit the crash interrupted.
 */
final class BankScenario extends Seeded {
  private final Bank.Shape shape;

  /** @param transactions how many transactions a run has */
  BankScenario(String name, long seed, int transactions) {
    super(name, seed, transactions);
    this.shape = new Bank.Shape(2, 2, 6, 4, seed);
  }

  @Override
  public Run newRun(LongSupplier fences) {
    return new Run() {
      private final SplittableRandom rng = new SplittableRandom(seed);
      private final History<List<Long>> states = new History<>(List.of());
      private long done;

      @Override
      public void execute(Heap heap) {
        int balances = shape.branches() + shape.tellers() + shape.accounts();
        int e = states.begin(state(new ArrayList<>(Collections.nCopies(balances, 0L)), 0));
        Bank bank = Bank.openOrCreate(heap, shape);
        states.done(e, fences.getAsLong());
        long committed = 0;
        for (long t = 1; t <= ops; t++) {
          boolean abort = rng.nextInt(5) == 0;
          Bank.Tx tx = Bank.Tx.of(shape, t);
          List<Long> after = new ArrayList<>(bank.balances());
          after.set(tx.branch(), after.get(tx.branch()) + tx.delta());
          after.set(shape.branches() + tx.teller(), after.get(shape.branches() + tx.teller()) + tx.delta());
          int account = shape.branches() + shape.tellers() + tx.account();
          after.set(account, after.get(account) + tx.delta());
          e = abort ? -1 : states.begin(state(after, committed + 1));
          try {
            bank.run(tx, abort);
            committed++;
            states.done(e, fences.getAsLong());
          } catch (Bank.Abort expected) {
            // nothing of it may remain
          }
          done++;
        }
      }

      private List<Long> state(List<Long> balances, long history) {
        List<Long> s = new ArrayList<>(balances);
        s.add(history);
        return List.copyOf(s);
      }

      @Override
      public void check(Recovered r, Violations v) {
        long k = fences.getAsLong();
        List<Long> found = List.of();
        if (r.root(Bank.ROOT, PArray.class) != null) {
          Bank bank = Bank.openOrCreate(r.heap(), shape);
          found = state(bank.balances(), bank.audit(v::fail).size());
        }
        if (!states.allows(found, k)) {
          v.fail("the bank holds " + found + " (balances, then history length); after " + k + " fences it may hold only " + states.allowed(k));
        }
      }

      @Override
      public long operations() {
        return done;
      }
    };
  }
}
