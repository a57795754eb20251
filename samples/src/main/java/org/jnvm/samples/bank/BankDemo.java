package org.jnvm.samples.bank;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.jnvm.JNVM;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.recovery.RecoveryReport;
import org.jnvm.samples.Counts;

/**
 * The bank demo, the main job: each run makes {@value #TRANSFERS} random transfers between the
 * accounts of a bank kept in a heap file, in failure-atomic blocks, and checks that the balances
 * still add up to the deposits. Transfers that the balance does not cover abort. With {@code
 * crash}, the run halts the JVM in the middle of a transfer, between its deposit and its
 * withdrawal; the next run's check shows that the half-done transfer left no trace.
 */
public final class BankDemo {
  public static final int TRANSFERS = 1000;
  private static final String[] OWNERS = {"alice", "bob", "carol", "dave", "erin", "frank"};

  private BankDemo() {}

  /** The outcome of a run. */
  public record Outcome(long run, long deposits, long balances, long transfers, long refused) {
    public boolean balanced() {
      return deposits == balances;
    }
  }

  /** Runs once on the heap at {@code file}. With {@code crash}, halts the JVM in the middle of a transfer. */
  public static Outcome run(Path file, long bytes, boolean crash) {
    Heap heap = JNVM.init(file, HeapConfig.ofSize(bytes));
    try {
      RecoveryReport r = heap.recoveryReport();
      System.out.printf("heap %s: %d MiB, persistence %s, %s%s%n", file, heap.geometry().heapSize() >> 20,
          heap.persistence().description(), Counts.of(r.liveObjects(), "live object", "live objects"),
          r.cleanShutdown() ? "" : " (recovered: it was not closed cleanly)");
      Bank bank = heap.roots().get("bank", Bank.class);
      if (bank == null) {
        bank = BankProxy.create();
        heap.roots().put("bank", bank);
        for (int i = 0; i < OWNERS.length; i++) {
          bank.open(OWNERS[i], i % 2 == 0 ? Account.Kind.CHECKING : Account.Kind.SAVINGS, 1000L * (i + 1));
        }
      }
      check(bank, "before this run");
      bank.startRun();
      Outcome outcome = transfers(bank, crash);
      check(bank, "after " + TRANSFERS + " transfers");
      System.out.printf("run %d: %s so far, %s this run for want of funds%n", outcome.run(),
          Counts.of(outcome.transfers(), "transfer", "transfers"), Counts.of(outcome.refused(), "refused", "refused"));
      for (Account a : bank.accounts()) {
        System.out.println("  " + a);
      }
      return outcome;
    } finally {
      JNVM.close();
    }
  }

  private static Outcome transfers(Bank bank, boolean crash) {
    List<Account> accounts = bank.accounts();
    Random random = new Random(bank.getRuns());
    long refused = 0;
    for (int i = 0; i < TRANSFERS; i++) {
      Account from = accounts.get(random.nextInt(accounts.size()));
      Account to = accounts.get(random.nextInt(accounts.size()));
      long amount = 1L + random.nextInt(1500);
      if (crash && i == TRANSFERS / 2) {
        halfTransferThenHalt(bank, i - refused, refused, to, amount);
      }
      try {
        bank.transfer(from, to, amount);
      } catch (InsufficientFundsException e) {
        refused++;
      }
    }
    return new Outcome(bank.getRuns(), bank.getDeposits(), bank.sumOfBalances(), bank.getTransfers(), refused);
  }

  /**
   * Deposits inside a block, then halts before the block can commit: a crash in mid-transfer. The
   * {@code committed} transfers of this run before it stay, as the next run's count shows.
   */
  private static void halfTransferThenHalt(Bank bank, long committed, long refused, Account to, long amount) {
    System.out.printf("run %d committed %s (%s for want of funds) before the crash: %d since the bank opened%n", bank.getRuns(),
        Counts.of(committed, "transfer", "transfers"), Counts.of(refused, "refused", "refused"), bank.getTransfers());
    org.jnvm.fa.FailureAtomic.start();
    to.deposit(amount);
    System.out.printf("halting the JVM in the middle of the next transfer: %d deposited to #%d, not yet withdrawn%n", amount,
        to.getNumber());
    System.out.flush();
    Runtime.getRuntime().halt(3);
  }

  private static void check(Bank bank, String when) {
    long balances = bank.sumOfBalances();
    long deposits = bank.getDeposits();
    System.out.printf("balance check %s: the %d accounts hold %d, the deposits were %d: %s%n", when, bank.getAccounts(),
        balances, deposits, balances == deposits ? "OK" : "MISMATCH");
    if (balances != deposits) {
      throw new IllegalStateException("the bank does not balance: " + balances + " held, " + deposits + " deposited");
    }
  }
}
