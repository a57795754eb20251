package org.jnvm.bench.tpcb;

import java.util.Locale;
import org.jnvm.bench.Markers;
import org.jnvm.samples.tpcb.Bank;

/**
 * How large and how long a run is.
 *
 * @param scale TPC-B scale: branches; 10 tellers and 100,000 accounts each
 * @param beforeKill seconds the first child runs before it is killed
 * @param kills how many times a child is killed and restarted
 * @param betweenKills seconds a restarted child runs before it is killed again
 * @param afterKill seconds the last child runs before it audits and exits
 * @param childHeapMiB the children's {@code -Xmx}
 */
record Settings(String mode, int scale, double beforeKill, int kills, double betweenKills, double afterKill, int childHeapMiB) {
  static final long SEED = 2021;
  /** Width of the plot's and the timeline CSV's intervals. */
  static final long INTERVAL_MS = 100;

  /** {@code quick}: scale 10 (1M accounts), in about a minute; {@code full}: scale 100 (10M accounts, the paper's size), in about 5. */
  static Settings of(String mode) {
    return switch (mode) {
      // The volatile bank keeps its history on the Java heap, 24 bytes a transaction: at its 5-6
      // million transactions a second, 8 s of it outgrew a 2 GiB heap on a quiet machine.
      case "quick" -> new Settings(mode, 10, 8, 3, 3, 5, 6144);
      case "full" -> new Settings(mode, 100, 30, 3, 10, 20, 14336);
      default -> throw new IllegalArgumentException("mode " + mode + " is neither quick nor full");
    };
  }

  /** This mode's section of RESULTS.md and the prefix of its files (see {@link Markers#name}). */
  String tag() {
    return Markers.name("tpcb", mode);
  }

  /** The children's running time, restarts aside. */
  double seconds() {
    return beforeKill + (kills - 1) * betweenKills + afterKill;
  }

  Bank.Shape shape() {
    return Bank.Shape.tpcb(scale, SEED);
  }

  String describe() {
    Bank.Shape s = shape();
    return String.format(Locale.ROOT, "%s: scale %d (%,d branches, %,d tellers, %,d accounts), %d kills: the first after %.0f s, then every %.0f s, %.0f s after the last",
        mode, scale, s.branches(), s.tellers(), s.accounts(), kills, beforeKill, betweenKills, afterKill);
  }
}
