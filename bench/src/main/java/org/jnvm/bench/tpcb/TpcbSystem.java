package org.jnvm.bench.tpcb;

import java.util.Arrays;
import org.jnvm.recovery.RecoveryMode;

/** What runs the bank in a child JVM: jnvm-fa under one recovery mode, or the volatile bank. */
enum TpcbSystem {
  JNVM_GC("jnvm-gc", "jnvm-fa, recovery GC", RecoveryMode.GC),
  JNVM_NO_GC("jnvm-nogc", "jnvm-fa, no-GC recovery", RecoveryMode.NO_GC),
  VOLATILE("volatile", "volatile, rebuilt from nothing", null);

  /** The name on the child's command line and in the CSV files. */
  final String id;
  /** The name in the plot and the tables. */
  final String label;
  /** How a jnvm child opens its heap; null for the volatile bank, which has none. */
  final RecoveryMode recovery;

  TpcbSystem(String id, String label, RecoveryMode recovery) {
    this.id = id;
    this.label = label;
    this.recovery = recovery;
  }

  boolean persistent() {
    return recovery != null;
  }

  static TpcbSystem byId(String id) {
    return Arrays.stream(values())
        .filter(s -> s.id.equals(id))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no TPC-B system " + id + "; one of " + Arrays.stream(values()).map(s -> s.id).toList()));
  }
}
