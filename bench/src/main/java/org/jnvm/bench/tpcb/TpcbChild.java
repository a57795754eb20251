package org.jnvm.bench.tpcb;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.samples.tpcb.Bank;
import org.jnvm.samples.tpcb.VolatileBank;

/**
 * The child JVM of the TPC-B benchmark: {@code TpcbChild SYSTEM HEAP SCALE SEED SECONDS}. It opens
 * the bank (a jnvm heap, recovered in the system's mode, or a volatile bank built from nothing),
 * runs transactions one after another, and reports on standard output, one short line per write so
 * that a kill never leaves half a line counted:
 *
 * <ul>
 *   <li>{@code ready UPTIME_MS OPEN_NS BANK_NS LAST_TX LIVE_OBJECTS}: serving; the JVM's age, the
 *       heap's open (recovery included; 0 for volatile), the bank's attach or build, the newest
 *       transaction found, and the objects recovery kept (0 for volatile);
 *   <li>{@code n COUNT}: transactions committed by this process so far, every {@value #REPORT_MS} ms;
 *   <li>after SECONDS (if positive) the audit: {@code audit RECORDS LAST_TX VIOLATIONS}, and the
 *       first violations on standard error; then it closes the heap and exits.
 * </ul>
 */
public final class TpcbChild {
  static final int REPORT_MS = 10;
  private static final int CHECK_EVERY = 64;
  private static final int VIOLATIONS_SHOWN = 10;

  private final FileOutputStream out = new FileOutputStream(FileDescriptor.out);

  private TpcbChild() {}

  public static void main(String[] args) {
    TpcbSystem system = TpcbSystem.byId(args[0]);
    Path heapFile = Path.of(args[1]);
    Bank.Shape shape = Bank.Shape.tpcb(Integer.parseInt(args[2]), Long.parseLong(args[3]));
    double seconds = Double.parseDouble(args[4]);
    new TpcbChild().run(system, heapFile, shape, seconds);
  }

  private void run(TpcbSystem system, Path heapFile, Bank.Shape shape, double seconds) {
    if (!system.persistent()) {
      long start = System.nanoTime();
      Bank bank = new VolatileBank(shape);
      serve(bank, 0, System.nanoTime() - start, 0, seconds);
      return;
    }
    long start = System.nanoTime();
    try (Heap heap = Heap.open(heapFile, HeapConfig.existing().persistence("clwb").recovery(system.recovery))) {
      long open = System.nanoTime() - start;
      start = System.nanoTime();
      Bank bank = Bank.openOrCreate(heap, shape);
      serve(bank, open, System.nanoTime() - start, heap.recoveryReport().liveObjects(), seconds);
    }
  }

  private void serve(Bank bank, long openNanos, long bankNanos, long liveObjects, double seconds) {
    long first = bank.lastTransaction() + 1;
    say("ready " + ManagementFactory.getRuntimeMXBean().getUptime() + " " + openNanos + " " + bankNanos + " " + (first - 1) + " " + liveObjects);
    long end = seconds > 0 ? System.nanoTime() + (long) (seconds * 1e9) : Long.MAX_VALUE;
    long nextReport = System.nanoTime() + REPORT_MS * 1_000_000L;
    for (long t = first; ; t++) {
      bank.run(Bank.Tx.of(bank.shape(), t), false);
      if ((t - first) % CHECK_EVERY == CHECK_EVERY - 1) {
        long now = System.nanoTime();
        if (now >= nextReport) {
          say("n " + (t - first + 1));
          nextReport = now + REPORT_MS * 1_000_000L;
        }
        if (now >= end) {
          say("n " + (t - first + 1));
          audit(bank);
          return;
        }
      }
    }
  }

  /** Audits the bank, and checks that its history is transactions 1, 2, 3 ... without a gap. */
  private void audit(Bank bank) {
    List<String> violations = new ArrayList<>();
    List<Long> history = bank.audit(violations::add);
    for (int i = 0; i < history.size(); i++) {
      if (history.get(i) != i + 1) {
        violations.add("history record " + i + " is transaction " + history.get(i) + ", not " + (i + 1));
        break;
      }
    }
    violations.stream().limit(VIOLATIONS_SHOWN).forEach(v -> System.err.println("audit: " + v));
    say("audit " + history.size() + " " + bank.lastTransaction() + " " + violations.size());
  }

  private void say(String line) {
    try {
      out.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
