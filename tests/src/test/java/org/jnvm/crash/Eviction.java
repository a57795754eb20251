package org.jnvm.crash;

import java.util.Arrays;
import java.util.BitSet;
import java.util.SplittableRandom;

/**
 * Which dirty cache lines reached persistent memory before the power failed, drawn from a seed.
 * A line is dirty when its working contents differ from its durable ones. The seed decides:
 *
 * <ul>
 *   <li>{@code 0}, {@link Mode#NONE}: no dirty line was evicted; only what fences made durable
 *       survives. The harshest choice for a missing pwb or fence.
 *   <li>{@code 1}, {@link Mode#ALL}: every line was; the post-crash image is the working image,
 *       which is also what a process kill leaves.
 *   <li>even seeds from 2, {@link Mode#LINE}: each dirty line independently keeps its durable
 *       contents, takes its current contents, or, when it is pending with a snapshot that differs
 *       from both, takes that snapshot.
 *   <li>odd seeds from 3, {@link Mode#WORD}: the same choice made for each 8-byte word of a dirty
 *       line: 8-byte aligned stores are atomic and nothing larger is, so a line can be torn.
 * </ul>
 *
 * For the random modes, the chance of taking the current contents (when there is no snapshot to
 * choose too) is 1/2, 1/5 or 4/5 depending on the seed, so that both "almost nothing evicted" and
 * "almost everything evicted" get explored.
 */
public record Eviction(long seed) {
  private static final int WORD = 8;
  private static final double[] TAKE_CURRENT = {0.5, 0.2, 0.8};

  /** Granularity of the random choice. */
  public enum Mode {
    NONE,
    ALL,
    LINE,
    WORD
  }

  public Eviction {
    if (seed < 0) {
      throw new IllegalArgumentException("negative eviction seed " + seed);
    }
  }

  public Mode mode() {
    if (seed == 0) {
      return Mode.NONE;
    }
    if (seed == 1) {
      return Mode.ALL;
    }
    return seed % 2 == 0 ? Mode.LINE : Mode.WORD;
  }

  double takeCurrent() {
    return TAKE_CURRENT[(int) ((seed / 2) % TAKE_CURRENT.length)];
  }

  /**
   * The post-crash image.
   *
   * @param durable what fences made durable
   * @param working the working mapping at the crash
   * @param snapshot each line's contents at its last pwb
   * @param pending lines written back since the last fence
   */
  public byte[] image(byte[] durable, byte[] working, byte[] snapshot, BitSet pending) {
    if (mode() == Mode.NONE) {
      return durable.clone();
    }
    if (mode() == Mode.ALL) {
      return working.clone();
    }
    byte[] out = durable.clone();
    SplittableRandom rng = new SplittableRandom(seed * 0x9e37_79b9_7f4a_7c15L + 0x632b_e59b_d9b4_e019L);
    int unit = mode() == Mode.WORD ? WORD : SimulatedPersistence.LINE;
    int line = SimulatedPersistence.LINE;
    for (int base = 0; base < out.length; base += line) {
      boolean dirty = !same(working, durable, base, line);
      boolean snap = pending.get(base / line) && !same(snapshot, durable, base, line) && !same(snapshot, working, base, line);
      if (!dirty && !snap) {
        continue;
      }
      for (int at = base; at < base + line; at += unit) {
        if (same(working, durable, at, unit) && (!snap || same(snapshot, durable, at, unit))) {
          continue;
        }
        byte[] from = choose(rng, snap, durable, working, snapshot);
        System.arraycopy(from, at, out, at, unit);
      }
    }
    return out;
  }

  private byte[] choose(SplittableRandom rng, boolean snap, byte[] durable, byte[] working, byte[] snapshot) {
    if (snap) {
      int pick = rng.nextInt(3);
      return pick == 0 ? durable : pick == 1 ? working : snapshot;
    }
    return rng.nextDouble() < takeCurrent() ? working : durable;
  }

  private static boolean same(byte[] a, byte[] b, int at, int length) {
    return Arrays.equals(a, at, at + length, b, at, at + length);
  }

  @Override
  public String toString() {
    return seed + " (" + mode().name().toLowerCase(java.util.Locale.ROOT) + ")";
  }
}
