package org.jnvm.crash.scenarios;

import java.util.HexFormat;
import org.jnvm.crash.CrashScenario;
import org.jnvm.heap.HeapConfig;

/** What the scenarios share: a name, a seed, a count of operations, and a heap of 2 MiB by default. */
abstract class Seeded implements CrashScenario {
  private static final HexFormat HEX = HexFormat.of();

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

  /** A byte content as a state shows it: its length and its bytes, or "null". */
  static String describe(byte[] content) {
    return content == null ? "null" : content.length + ":" + HEX.formatHex(content);
  }

  @Override
  public HeapConfig config() {
    return ObjectMix.heap(2 << 20, 8);
  }
}
