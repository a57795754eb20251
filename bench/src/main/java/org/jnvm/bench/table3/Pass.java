package org.jnvm.bench.table3;

/**
 * One timed pass over every block. {@code index} is negative for a warm-up pass; {@code checksum}
 * is the read hash, or the stamp a write stored.
 */
record Pass(Pattern pattern, int index, long nanos, long checksum) {
  boolean isWarmup() {
    return index < 0;
  }
}
