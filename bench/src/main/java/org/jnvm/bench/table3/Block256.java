package org.jnvm.bench.table3;

/**
 * The unit of the paper's Table 3: a 256-byte block of 32 longs, each a {@link Block256Fields}
 * object. Block headers live in a table of their own, so the whole block is payload.
 */
final class Block256 {
  static final int BYTES = 256;
  static final int WORDS = BYTES / Long.BYTES;

  private Block256() {}
}
