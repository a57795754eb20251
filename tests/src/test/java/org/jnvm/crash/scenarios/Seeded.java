package org.jnvm.crash.scenarios;

import org.jnvm.crash.CrashScenario;
import org.jnvm.heap.HeapConfig;

/** What the scenarios share: a name, a seed, a count of operations, and a heap of 2 MiB by default. */
abstract class Seeded implements CrashScenario {
  final long seed;
  final int ops;
  private final String name;

  Seeded(String name, long seed, int ops) {
    this.name = name;
    this.seed = seed;
    this.ops = ops;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public HeapConfig config() {
    return ObjectMix.heap(2 << 20, 8);
  }
}
