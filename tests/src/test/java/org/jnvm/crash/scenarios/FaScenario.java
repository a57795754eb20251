package org.jnvm.crash.scenarios;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.jnvm.PObject;
import org.jnvm.crash.History;
import org.jnvm.crash.Recovered;
import org.jnvm.crash.Violations;
import org.jnvm.crash.objects.Ledger;
import org.jnvm.crash.objects.SelfChecking;
import org.jnvm.crash.objects.Slots;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Heap;
import org.jnvm.samples.tpcb.Bank;

/**
 * Failure-atomic blocks: each writes words of a four-block ledger, replaces or clears slots with
 * objects it allocates, frees what it unlinks, frees objects it allocated itself, nests blocks,
 * catches an inner block's exception (which, blocks being flat, keeps the inner writes), and one in
 * six aborts. The oracle is one history of the whole state (slot ids, then ledger words): after a
 * crash the state is the one after the last committed block, or after the block whose commit the
 * crash interrupted, never a mix.
 */
final class FaScenario extends Seeded {
  static final String ROOT = "fa";
  private static final int SLOTS = 4;

  /** @param blocks how many failure-atomic blocks a run has */
  FaScenario(String name, long seed, int blocks) {
    super(name, seed, blocks);
  }

  @Override
  public Run newRun(LongSupplier fences) {
    return new FaRun(fences);
  }

  private final class FaRun implements Run {
    private final LongSupplier fences;
    private final SplittableRandom rng = new SplittableRandom(seed);
    private final History<List<Long>> states = new History<>(List.of());
    private Heap heap;
    private Slots root;
    private Ledger ledger;
    private PObject[] current = new PObject[SLOTS];
    private long[] ids = new long[SLOTS];
    private long[] words = new long[Ledger.WORDS];
    private long nextId = 1;
    private long nextValue = 1;
    private long done;

    FaRun(LongSupplier fences) {
      this.fences = fences;
    }

    @Override
    public void execute(Heap h) {
      heap = h;
      root = new Slots(heap, SLOTS + 1);
      ledger = new Ledger(heap);
      ledger.pwb();
      ledger.validate();
      root.set(SLOTS, ledger);
      root.pwb();
      int e = states.begin(state());
      heap.roots().put(ROOT, root);
      states.done(e, fences.getAsLong());
      for (int b = 0; b < ops; b++) {
        block(rng.nextInt(6) == 0);
        done++;
      }
    }

    private void block(boolean abort) {
      PObject[] savedCurrent = current.clone();
      long[] savedIds = ids.clone();
      long[] savedWords = words.clone();
      int[] entry = {-1};
      try {
        FailureAtomic.run(
            () -> {
              int ops = 1 + rng.nextInt(5);
              for (int i = 0; i < ops; i++) {
                op(rng.nextInt(7), true);
              }
              if (abort) {
                throw new Bank.Abort();
              }
              entry[0] = states.begin(state());
            });
        states.done(entry[0], fences.getAsLong());
      } catch (Bank.Abort expected) {
        current = savedCurrent;
        ids = savedIds;
        words = savedWords;
      }
    }

    private void op(int kind, boolean mayNest) {
      int i = rng.nextInt(SLOTS);
      switch (kind) {
        case 0, 1 -> {
          int w = rng.nextInt(Ledger.WORDS);
          words[w] = nextValue++;
          ledger.set(w, words[w]);
        }
        case 2 -> {
          SelfChecking o = ObjectMix.SMALL.create(heap, nextId++, rng);
          root.set(i, o);
          replace(i, o);
        }
        case 3 -> {
          root.set(i, null);
          replace(i, null);
        }
        case 4 -> heap.free(ObjectMix.SMALL.create(heap, nextId++, rng));
        case 5 -> {
          if (mayNest) {
            FailureAtomic.run(() -> op(rng.nextInt(4), false));
          }
        }
        default -> {
          if (mayNest) {
            try {
              FailureAtomic.run(
                  () -> {
                    op(rng.nextInt(4), false);
                    throw new IllegalStateException("caught by the outer block");
                  });
            } catch (IllegalStateException caught) {
              // blocks are flat: the inner block's writes stay in the outer one
            }
          }
        }
      }
    }

    private void replace(int i, SelfChecking o) {
      if (current[i] != null) {
        heap.free(current[i]);
      }
      current[i] = o;
      ids[i] = ObjectMix.idOf(o);
    }

    private List<Long> state() {
      List<Long> s = new ArrayList<>();
      for (long id : ids) {
        s.add(id);
      }
      for (long w : words) {
        s.add(w);
      }
      return List.copyOf(s);
    }

    @Override
    public void check(Recovered r, Violations v) {
      long k = fences.getAsLong();
      Slots s = r.root(ROOT, Slots.class);
      List<Long> found = List.of();
      if (s != null) {
        List<Long> f = new ArrayList<>();
        for (int i = 0; i < SLOTS; i++) {
          f.add(ObjectMix.idOf(s.get(i)));
        }
        Ledger l = (Ledger) s.get(SLOTS);
        for (int w = 0; w < Ledger.WORDS; w++) {
          f.add(l.get(w));
        }
        found = List.copyOf(f);
      }
      if (!states.allows(found, k)) {
        v.fail("the state is none of those allowed after " + k + " fences: " + describe(found, states.allowed(k)));
      }
    }

    private String describe(List<Long> found, List<List<Long>> allowed) {
      StringBuilder b = new StringBuilder("found slots " + (found.isEmpty() ? "(no root)" : found.subList(0, SLOTS)));
      for (List<Long> a : allowed) {
        b.append("; allowed slots ").append(a.isEmpty() ? "(no root)" : a.subList(0, SLOTS));
        if (!a.isEmpty() && !found.isEmpty()) {
          List<Integer> differ = new ArrayList<>();
          for (int w = 0; w < Ledger.WORDS; w++) {
            if (!a.get(SLOTS + w).equals(found.get(SLOTS + w))) {
              differ.add(w);
            }
          }
          b.append(" with ledger words ").append(differ).append(" different");
        }
      }
      return b.toString();
    }

    @Override
    public long operations() {
      return done;
    }
  }
}
