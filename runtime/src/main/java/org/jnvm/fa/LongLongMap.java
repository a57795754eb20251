package org.jnvm.fa;

import java.util.Arrays;

/** An open-addressing map from non-zero longs to longs, without boxing. Not thread-safe. */
final class LongLongMap {
  private long[] keys = new long[16];
  private long[] values = new long[16];
  private int size;

  /** The value for {@code key}, or 0. */
  long get(long key) {
    int mask = keys.length - 1;
    for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
      long k = keys[i];
      if (k == key) {
        return values[i];
      }
      if (k == 0) {
        return 0;
      }
    }
  }

  void put(long key, long value) {
    if ((size + 1) * 2 > keys.length) {
      rehash(keys.length * 2);
    }
    int mask = keys.length - 1;
    int i = mix(key) & mask;
    while (keys[i] != 0 && keys[i] != key) {
      i = (i + 1) & mask;
    }
    if (keys[i] == 0) {
      size++;
    }
    keys[i] = key;
    values[i] = value;
  }

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  void clear() {
    if (size > 0) {
      Arrays.fill(keys, 0);
      size = 0;
    }
    if (keys.length > 1024) {
      keys = new long[16];
      values = new long[16];
    }
  }

  private void rehash(int capacity) {
    long[] oldKeys = keys;
    long[] oldValues = values;
    keys = new long[capacity];
    values = new long[capacity];
    size = 0;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != 0) {
        put(oldKeys[i], oldValues[i]);
      }
    }
  }

  private static int mix(long key) {
    long h = key * 0x9E37_79B9_7F4A_7C15L;
    return (int) (h ^ (h >>> 32));
  }
}
