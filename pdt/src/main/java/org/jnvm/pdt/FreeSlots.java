package org.jnvm.pdt;

import java.util.Arrays;

/** The volatile queue of empty slots of a map's slot array; lowest slots are reused first. */
final class FreeSlots {
  private int[] stack = new int[16];
  private int size;

  /** An empty slot, or -1 when there is none. */
  synchronized int take() {
    return size == 0 ? -1 : stack[--size];
  }

  synchronized void give(int slot) {
    if (size == stack.length) {
      stack = Arrays.copyOf(stack, 2 * size);
    }
    stack[size++] = slot;
  }

  /** Adds the slots from {@code from} to {@code to}, so that {@code from} is taken first. */
  synchronized void giveRange(int from, int to) {
    for (int i = to - 1; i >= from; i--) {
      give(i);
    }
  }

  /** Takes over the slots of {@code other}, which nobody else uses. */
  synchronized void replaceWith(FreeSlots other) {
    stack = other.stack;
    size = other.size;
  }
}
