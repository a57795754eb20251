package org.jnvm.samples.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The persistent and the volatile bank follow one model, and the audit catches what breaks it. */
class BankTest {
  private static final Bank.Shape SHAPE = new Bank.Shape(2, 3, 50, 8, 11);
  private static final int TRANSACTIONS = 300;

  @TempDir
  Path dir;

  @Test
  void bothBanksAgreeAndThePersistentOneSurvivesReopening() {
    Path file = dir.resolve("bank.heap");
    VolatileBank volatileBank = new VolatileBank(SHAPE);
    try (Heap heap = Heap.create(file, HeapConfig.ofSize(16 << 20))) {
      Bank persistent = Bank.openOrCreate(heap, SHAPE);
      for (long t = 1; t <= TRANSACTIONS; t++) {
        Bank.Tx tx = Bank.Tx.of(SHAPE, t);
        if (t % 7 == 0) {
          assertThrows(Bank.Abort.class, () -> persistent.run(tx, true));
          assertThrows(Bank.Abort.class, () -> volatileBank.run(tx, true));
        } else {
          persistent.run(tx, false);
          volatileBank.run(tx, false);
        }
      }
      assertEquals(volatileBank.balances(), persistent.balances());
      assertEquals(history(volatileBank), history(persistent));
    }
    List<String> failures = new ArrayList<>();
    List<Long> audited = volatileBank.audit(failures::add);
    assertEquals(List.of(), failures);
    assertEquals(TRANSACTIONS - TRANSACTIONS / 7, audited.size());
    assertEquals(TRANSACTIONS % 7 == 0 ? TRANSACTIONS - 1 : TRANSACTIONS, volatileBank.lastTransaction());

    try (Heap heap = Heap.open(file, HeapConfig.existing())) {
      Bank reopened = Bank.openOrCreate(heap, SHAPE);
      assertEquals(volatileBank.balances(), reopened.balances());
      assertEquals(audited, reopened.audit(failures::add));
      assertEquals(List.of(), failures);
      assertEquals(volatileBank.lastTransaction(), reopened.lastTransaction());
    }
  }

  @Test
  void theAuditCatchesABalanceTheHistoryDoesNotExplain() {
    VolatileBank honest = new VolatileBank(SHAPE);
    for (long t = 1; t <= 20; t++) {
      honest.run(Bank.Tx.of(SHAPE, t), false);
    }
    Bank skimmed = new Bank() {
      @Override
      public Shape shape() {
        return honest.shape();
      }

      @Override
      public void run(Tx tx, boolean abortHalfWay) {
        honest.run(tx, abortHalfWay);
      }

      @Override
      public long lastTransaction() {
        return honest.lastTransaction();
      }

      @Override
      public long branch(int i) {
        return honest.branch(i);
      }

      @Override
      public long teller(int i) {
        return honest.teller(i);
      }

      @Override
      public long account(int i) {
        return honest.account(i) - (i == 3 ? 1 : 0);
      }

      @Override
      public void forEachRecord(RecordVisitor visitor) {
        honest.forEachRecord(visitor);
      }
    };
    List<String> failures = new ArrayList<>();
    skimmed.audit(failures::add);
    assertTrue(failures.stream().anyMatch(f -> f.startsWith("account 3 holds")), failures.toString());
    assertTrue(failures.stream().anyMatch(f -> f.startsWith("the sums disagree")), failures.toString());
  }

  private static List<List<Long>> history(Bank bank) {
    List<List<Long>> records = new ArrayList<>();
    bank.forEachRecord((id, account, delta) -> records.add(List.of(id, account, delta)));
    return records;
  }
}
