package org.jnvm.bench.table3;

/**
 * The random visiting order that the Java and the C side share: a Fisher-Yates shuffle driven by
 * splitmix64, written identically in {@code bench/src/main/c/table3.c}, so that both sides touch
 * the same blocks in the same order from the same seed. {@link #fingerprint} lets the report check
 * that they did.
 */
final class Permutation {
  /** The FNV-1a prime; both sides fold checksums with it. */
  static final long HASH_PRIME = 0x100000001B3L;

  private Permutation() {}

  static int[] of(int n, long seed) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    long state = seed;
    for (int i = n - 1; i > 0; i--) {
      state += 0x9E3779B97F4A7C15L;
      int j = (int) Long.remainderUnsigned(mix(state), i + 1L);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  static long fingerprint(int[] p) {
    long h = 0;
    for (int v : p) {
      h = (h ^ Integer.toUnsignedLong(v)) * HASH_PRIME;
    }
    return h;
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
