package org.jnvm.crash.kill;

import java.util.List;
import java.util.stream.Stream;
import org.jnvm.crash.bank.BankWorkload;

/** The workloads a child JVM can run. */
public final class KillWorkloads {
  private KillWorkloads() {}

  /** What the harness runs. */
  public static List<KillWorkload> all() {
    return List.of(new ChainWorkload(false), new BankWorkload());
  }

  /** Broken workloads, whose violations the harness must find. */
  public static List<KillWorkload> negativeControls() {
    return List.of(new ChainWorkload(true));
  }

  public static KillWorkload byName(String name) {
    return Stream.concat(all().stream(), negativeControls().stream())
        .filter(w -> w.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no kill workload " + name));
  }
}
