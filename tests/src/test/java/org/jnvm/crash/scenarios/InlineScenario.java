package org.jnvm.crash.scenarios;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.jnvm.crash.History;
import org.jnvm.crash.Recovered;
import org.jnvm.crash.Violations;
import org.jnvm.crash.objects.Packet;
import org.jnvm.crash.objects.PacketProxy;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Heap;
import org.jnvm.proxy.Construction;
import org.jnvm.samples.tpcb.Bank;

/**
 * {@code @Inline} byte fields written in failure-atomic blocks: each block rewrites one to three
 * fields of a {@link Packet} with contents of any length up to the capacity, or null, and bumps its
 * version. One block in six aborts, and one in six aborts because its last write is one byte too
 * long. The oracle is the history of the whole packet: after a crash every field holds what the
 * last committed block left, or what the block whose commit was interrupted wrote, never a mix or
 * a torn content.
 */
final class InlineScenario extends Seeded {
  static final String ROOT = "inline";

  /** @param blocks how many failure-atomic blocks a run has */
  InlineScenario(String name, long seed, int blocks) {
    super(name, seed, blocks);
  }

  @Override
  public Run newRun(LongSupplier fences) {
    return new InlineRun(fences);
  }

  private static List<String> stateOf(Packet p) {
    List<String> s = new ArrayList<>();
    for (int f = 0; f < Packet.CAPACITIES.length; f++) {
      s.add(describe(p.get(f)));
    }
    s.add(Long.toString(p.getVersion()));
    return List.copyOf(s);
  }

  private final class InlineRun implements Run {
    private final LongSupplier fences;
    private final SplittableRandom rng = new SplittableRandom(seed);
    private final History<List<String>> states = new History<>(List.of());
    private Packet packet;
    private long done;

    InlineRun(LongSupplier fences) {
      this.fences = fences;
    }

    @Override
    public void execute(Heap heap) {
      packet = Construction.inHeap(heap, () -> PacketProxy.create(0L));
      int e = states.begin(stateOf(packet));
      heap.roots().put(ROOT, packet);
      states.done(e, fences.getAsLong());
      for (int b = 0; b < ops; b++) {
        block(rng.nextInt(6));
        done++;
      }
    }

    private void block(int kind) {
      int[] entry = {-1};
      try {
        FailureAtomic.run(
            () -> {
              int writes = 1 + rng.nextInt(3);
              for (int i = 0; i < writes; i++) {
                int f = rng.nextInt(Packet.CAPACITIES.length);
                packet.set(f, content(Packet.CAPACITIES[f]), packet.getVersion() + 1);
              }
              if (kind == 0) {
                throw new Bank.Abort();
              }
              if (kind == 1) {
                packet.set(2, new byte[Packet.CAPACITIES[2] + 1], -1);
              }
              entry[0] = states.begin(stateOf(packet));
            });
        states.done(entry[0], fences.getAsLong());
      } catch (Bank.Abort | IllegalArgumentException expected) {
        // the block aborted: the packet is as the last committed block left it
      }
    }

    private byte[] content(int capacity) {
      if (rng.nextInt(8) == 0) {
        return null;
      }
      byte[] b = new byte[rng.nextInt(capacity + 1)];
      rng.nextBytes(b);
      return b;
    }

    @Override
    public void check(Recovered r, Violations v) {
      long k = fences.getAsLong();
      Packet p = r.root(ROOT, Packet.class);
      List<String> found = p == null ? List.of() : stateOf(p);
      if (!states.allows(found, k)) {
        v.fail("the packet is none of the states allowed after " + k + " fences: found " + found + ", allowed "
            + states.allowed(k));
      }
    }

    @Override
    public long operations() {
      return done;
    }
  }
}
