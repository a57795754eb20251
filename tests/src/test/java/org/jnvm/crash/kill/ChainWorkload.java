package org.jnvm.crash.kill;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import org.jnvm.crash.Recovered;
import org.jnvm.crash.Violations;
import org.jnvm.crash.objects.Cell;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;

/**
 * A chain of atomic reference updates: step {@code i} pushes cell {@code i} in front of the chain
 * with {@code updateRef} and a pfence, and is then reported. Every {@value #CUT_EVERY} steps, and
 * whenever a run starts, the chain is cut back to its newest {@value #KEEP} cells, whose tail is
 * unlinked, fenced, and freed. The cut at the start matters: a kill can land after a step that
 * should cut and before its cut is durable, and without it the next run would let the chain grow
 * for another {@value #CUT_EVERY} steps, past the bound that {@link #check} holds. After a kill
 * the chain must run down from its head by steps of one, the head must be the last reported step
 * or one that the children since may have completed unreported ({@link Reports#checkNewest}), and
 * every reported step that the cutting has not dropped must be in the chain.
 */
final class ChainWorkload implements KillWorkload {
  static final String ROOT = "chain";
  static final int KEEP = 16;
  private static final int CUT_EVERY = 32;
  /** The holder's id, far above any step. */
  private static final long HOLDER = 1L << 50;

  private final boolean reportEarly;

  /**
   * @param reportEarly the negative control: report each step before making it, and dawdle between
   *     the two, so that a kill in between loses a reported step
   */
  ChainWorkload(boolean reportEarly) {
    this.reportEarly = reportEarly;
  }

  @Override
  public String name() {
    return reportEarly ? "chainearly" : "chain";
  }

  @Override
  public HeapConfig config() {
    return HeapConfig.ofSize(4 << 20);
  }

  @Override
  public void run(Heap heap, LongConsumer committed) {
    Cell holder = heap.roots().get(ROOT, Cell.class);
    if (holder == null) {
      holder = new Cell(heap, HOLDER);
      holder.pwb();
      heap.roots().put(ROOT, holder);
    }
    Cell head = holder.next();
    long step = head == null ? 1 : head.id() + 1;
    cut(heap, head);
    while (true) {
      if (reportEarly) {
        committed.accept(step);
        dawdle();
      }
      Cell n = new Cell(heap, step);
      n.setNext(head);
      n.pwb();
      holder.updateNext(n);
      heap.pfence();
      if (!reportEarly) {
        committed.accept(step);
      }
      head = n;
      if (step % CUT_EVERY == 0) {
        cut(heap, head);
      }
      step++;
    }
  }

  private static void dawdle() {
    try {
      Thread.sleep(1);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Keeps the newest {@value #KEEP} cells: unlinks the rest, makes that durable, frees them. */
  private static void cut(Heap heap, Cell head) {
    Cell last = head;
    for (int i = 1; i < KEEP && last != null; i++) {
      last = last.next();
    }
    if (last == null) {
      return;
    }
    List<Cell> dropped = new ArrayList<>();
    for (Cell c = last.next(); c != null; c = c.next()) {
      dropped.add(c);
    }
    last.updateNext(null);
    heap.pfence();
    for (Cell c : dropped) {
      heap.free(c);
    }
  }

  @Override
  public void check(Recovered heap, Reports reported, Violations v) {
    Cell holder = heap.root(ROOT, Cell.class);
    if (holder == null) {
      v.check(reported.isEmpty(), "the root '" + ROOT + "' is gone after " + reported.size() + " reported steps");
      return;
    }
    v.check(holder.id() == HOLDER, "the root holds cell " + holder.id() + ", not the holder");
    Cell head = holder.next();
    long top = head == null ? 0 : head.id();
    reported.checkNewest(top, "the chain's head", v);
    long expected = top;
    int length = 0;
    for (Cell c = head; c != null; c = c.next()) {
      if (c.id() != expected) {
        v.fail("the chain runs " + (expected + 1) + ", " + c.id() + ": step " + expected + " is missing");
        return;
      }
      expected--;
      length++;
    }
    v.check(length >= Math.min(KEEP, top), "the chain keeps " + length + " steps below " + top + ", at least " + Math.min(KEEP, top) + " must remain");
    v.check(length <= KEEP + CUT_EVERY, "the chain has " + length + " steps; cutting keeps it under " + (KEEP + CUT_EVERY));
  }
}
