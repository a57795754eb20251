package org.jnvm.proxy;

import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.Handle;
import org.jnvm.memory.Memory;

/**
 * How an {@link org.jnvm.Inline} byte field is stored: an int that holds the length plus one (0 is
 * null, which is what a new object's zeroed field reads as), then the content, in one inline byte
 * array of the layout. Generated accessors call these methods, through the handle or, on their
 * direct path, at the address the handle granted them ({@link org.jnvm.heap.DirectAccess}); the
 * processor sizes the array with {@link #footprint(int)}.
 */
public final class InlineBytes {
  /** The most bytes an inline field may hold; objects stay well within the layout's limit. */
  public static final int MAX_CAPACITY = 1 << 20;

  private static final int LENGTH_WORD = 4;

  private InlineBytes() {}

  /** The bytes a field of {@code capacity} takes in its object. */
  public static int footprint(int capacity) {
    if (capacity < 1 || capacity > MAX_CAPACITY) {
      throw new IllegalArgumentException(ProxyErrors.inlineCapacity(capacity, MAX_CAPACITY));
    }
    return LENGTH_WORD + capacity;
  }

  /** A copy of the field at {@code at}, or null; a stored length past the capacity is damage. */
  public static byte[] get(Handle handle, long at, int capacity) {
    int stored = handle.getInt(at);
    if (stored == 0) {
      return null;
    }
    if (stored < 0 || stored - 1 > capacity) {
      throw Errors.corrupt(handle.heap().path(), ProxyErrors.inlineLength(handle.offset(), at, stored - 1L, capacity));
    }
    byte[] content = new byte[stored - 1];
    handle.getBytes(at + LENGTH_WORD, content, 0, content.length);
    return content;
  }

  /**
   * {@link #get(Handle, long, int)} on an accessor's direct path: the field at {@code base + at},
   * where {@code base} is the address {@code owner}'s handle granted. A damaged length is left to
   * the handle's path, which reports it.
   */
  public static byte[] get(PObject owner, long base, long at, int capacity) {
    int stored = Memory.getInt(base + at);
    if (stored == 0) {
      return null;
    }
    if (stored < 0 || stored - 1 > capacity) {
      return get(owner.handle(), at, capacity);
    }
    byte[] content = new byte[stored - 1];
    Memory.copyToArray(base + at + LENGTH_WORD, content, 0, content.length);
    return content;
  }

  /** Copies {@code content}, or null, into the field at {@code at}. */
  public static void put(Handle handle, long at, int capacity, byte[] content) {
    if (content == null) {
      handle.putInt(at, 0);
      return;
    }
    checkFits(content, capacity);
    handle.putBytes(at + LENGTH_WORD, content, 0, content.length);
    handle.putInt(at, content.length + 1);
  }

  /** {@link #put(Handle, long, int, byte[])} on an accessor's direct path, at {@code base + at}. */
  public static void put(long base, long at, int capacity, byte[] content) {
    if (content == null) {
      Memory.putInt(base + at, 0);
      return;
    }
    checkFits(content, capacity);
    Memory.copyFromArray(content, 0, base + at + LENGTH_WORD, content.length);
    Memory.putInt(base + at, content.length + 1);
  }

  private static void checkFits(byte[] content, int capacity) {
    if (content.length > capacity) {
      throw new IllegalArgumentException(ProxyErrors.inlineTooLong(content.length, capacity));
    }
  }
}
