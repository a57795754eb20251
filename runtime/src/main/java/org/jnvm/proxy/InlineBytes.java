package org.jnvm.proxy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
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

  /** A length word in a {@link Snapshot}, in the order {@link Memory} stored it. */
  private static final VarHandle LENGTH_IN_ARRAY =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());

  private InlineBytes() {}

  /** The bytes a field of {@code capacity} takes in its object. */
  public static int footprint(int capacity) {
    if (capacity < 1 || capacity > MAX_CAPACITY) {
      throw Errors.inlineCapacity(capacity, MAX_CAPACITY);
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
      throw Errors.inlineLength(handle.heap().path(), handle.offset(), at, stored - 1L, capacity);
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

  /**
   * Payload bytes {@code [from, from + length)} of {@code owner}, copied in one run, for a reader
   * of several inline fields that lie there: one copy and one array, where a getter per field makes
   * one of each. The copy is taken as a getter reads, so inside a failure-atomic block it holds the
   * block's own writes.
   */
  public static Snapshot snapshot(PObject owner, long from, int length) {
    Handle handle = owner.handle();
    byte[] bytes = new byte[length];
    handle.getBytes(from, bytes, 0, length);
    return new Snapshot(handle, from, bytes);
  }

  /**
   * A copy of part of an object's payload, taken by {@link #snapshot}; never changed. A field's
   * content is {@link #length} bytes of {@link #array} from {@link #offset}, which a reader can
   * hand on without a copy.
   */
  public static final class Snapshot {
    private final Handle handle;
    private final long from;
    private final byte[] bytes;

    private Snapshot(Handle handle, long from, byte[] bytes) {
      this.handle = handle;
      this.from = from;
      this.bytes = bytes;
    }

    /** The copied bytes; not to be changed. */
    public byte[] array() {
      return bytes;
    }

    /** Where the content of the field at payload offset {@code at} starts in {@link #array}. */
    public int offset(long at) {
      return lengthWordAt(at, 0) + LENGTH_WORD;
    }

    /**
     * The length of the field of {@code capacity} at payload offset {@code at}, or -1 if it is
     * null. A stored length past the capacity is damage, reported as the getter reports it.
     */
    public int length(long at, int capacity) {
      return lengthAt(lengthWordAt(at, capacity), at, capacity);
    }

    /** A copy of the field's content, or null, as its getter returns it. */
    public byte[] get(long at, int capacity) {
      int word = lengthWordAt(at, capacity);
      int length = lengthAt(word, at, capacity);
      int start = word + LENGTH_WORD;
      return length < 0 ? null : Arrays.copyOfRange(bytes, start, start + length);
    }

    private int lengthAt(int word, long at, int capacity) {
      int stored = (int) LENGTH_IN_ARRAY.get(bytes, word);
      if (stored < 0 || stored - 1 > capacity) {
        throw Errors.inlineLength(handle.heap().path(), handle.offset(), at, stored - 1L, capacity);
      }
      return stored - 1;
    }

    /** The index of the field's length word; throws unless its whole footprint lies in the copy. */
    private int lengthWordAt(long at, int capacity) {
      long index = at - from;
      if (index < 0 || index > bytes.length - (long) LENGTH_WORD - capacity) {
        throw Errors.outsideSnapshot(at, capacity, from, bytes.length);
      }
      return (int) index;
    }
  }

  private static void checkFits(byte[] content, int capacity) {
    if (content.length > capacity) {
      throw Errors.inlineTooLong(content.length, capacity);
    }
  }
}
