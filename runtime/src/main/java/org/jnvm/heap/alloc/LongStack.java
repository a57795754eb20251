package org.jnvm.heap.alloc;

import java.util.Arrays;

/** A growable stack of primitive longs: block indices without boxing. Not thread-safe. */
public final class LongStack {
  private long[] items;
  private int size;

  public LongStack() {
    this(16);
  }

  public LongStack(int capacity) {
    items = new long[Math.max(capacity, 4)];
  }

  public void push(long v) {
    if (size == items.length) {
      items = Arrays.copyOf(items, items.length * 2);
    }
    items[size++] = v;
  }

  /** The top value; the stack must not be empty. */
  public long pop() {
    return items[--size];
  }

  public long get(int i) {
    return items[i];
  }

  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  public void clear() {
    size = 0;
  }

  public long[] toArray() {
    return Arrays.copyOf(items, size);
  }
}
