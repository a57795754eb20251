package org.jnvm.crash;

/**
 * Threads for scenario runs. The runtime's free queue is striped, and a thread starts at the stripe
 * its identity hash picks; a run's choice of reused blocks therefore depends on which thread runs
 * it. Every worker is a thread whose hash picks stripe 0 (of the 8 the runtime has), so a run lays
 * out its blocks the same way in every JVM, and a replay rebuilds the very image that failed.
 */
final class Workers {
  private static final int STRIPES = 8;

  private Workers() {}

  static Thread thread(Runnable r, String name) {
    while (true) {
      Thread t = new Thread(r, name);
      if ((System.identityHashCode(t) & (STRIPES - 1)) == 0) {
        t.setDaemon(true);
        return t;
      }
    }
  }
}
