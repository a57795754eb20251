package org.jnvm.pdt;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.jnvm.PObject;
import org.jnvm.heap.DirectAccess;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.persist.Persistence;

/**
 * A mirror entry: where a key's pair is, its value, and what the map's {@link Policy} keeps of them.
 * A value update changes the entry in place, under the key's lock, instead of putting a new entry
 * into the mirror.
 *
 * <p>What is kept of the value is one of: its proxy ({@link #cached()}); for an {@link
 * ImmutableValue}, its {@link Handle#shape() shape}, from which a read makes a fresh proxy without
 * reading the heap's headers ({@link #fromShape}); or nothing. Keeping a shape rather than a proxy
 * stores no young object into an entry that has long been old, which the collector would have to
 * track (see {@link Policy}).
 *
 * <p>Lock-free readers of a concurrent map see the old value or the new one. The value's
 * reference and its shape form a pair that a sequence lock keeps together: a writer makes {@link
 * #stamp} odd, stores both, and makes it even again, and a reader uses a pair only if it read the
 * same even stamp before and after it. Every write to the entry happens under the key's lock:
 * updates, and what a reader keeps after making a proxy the slow way ({@link #keep}), which it does
 * only if it gets the lock at once and the value is still the one it read.
 *
 * @param <V> the value type
 */
final class Slot<V> implements DirectAccess {
  private static final VarHandle VALUE;
  private static final VarHandle CACHED;
  private static final VarHandle STAMP;
  private static final VarHandle SHAPE;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      VALUE = lookup.findVarHandle(Slot.class, "value", long.class);
      CACHED = lookup.findVarHandle(Slot.class, "cached", Object.class);
      STAMP = lookup.findVarHandle(Slot.class, "stamp", int.class);
      SHAPE = lookup.findVarHandle(Slot.class, "shape", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  final int index;
  final long pair;
  /** The value's reference; through {@link #VALUE}. */
  @SuppressWarnings("unused")
  private long value;
  /** The value's proxy, or null; through {@link #CACHED}. */
  @SuppressWarnings("unused")
  private Object cached;
  /** Even while {@link #value} and {@link #shape} agree, odd while a writer changes them. */
  @SuppressWarnings("unused")
  private int stamp;
  /** The value's {@link Handle#shape()}, or 0 when none is kept; through {@link #SHAPE}. */
  @SuppressWarnings("unused")
  private long shape;
  /**
   * The address of the pair's master block, granted by the pair's handle ({@link DirectAccess}),
   * or 0: a value update writes the pair there without making a handle, and without the miss of
   * reading one. Written only under the key's lock.
   */
  private long pairBase;
  /**
   * The entry's key: in a {@link SlotTable}, where the slot is its own hash node, the table's key
   * object; in other mirrors, the key the entry was made with, equal to the mirror's. Lookups by a
   * {@link KeyProbe} hand it out as the map's own key.
   */
  Object key;
  /**
   * In a {@link SlotTable}, the key's {@link PString#contentOf content}, which lookups by a string
   * compare with; null for other keys. It takes no room: the slot had 4 bytes of alignment padding.
   */
  Object keyContent;

  /**
   * In a {@link SlotTable}, a key of at most {@link Chars#PACKED_MAX} Latin-1 characters, packed
   * ({@link Chars#packed}), and their count plus one; 0 when the key is not kept so. A lookup by a
   * string or its probe compares with these instead of {@link #keyContent}: in a map of millions of
   * entries the characters array is one more cache miss after the slot's, and YCSB's keys, {@code
   * user} and up to 19 digits, fit. They cost the slot 28 bytes.
   */
  private long keyChars0;
  private long keyChars1;
  private long keyChars2;
  private int keyCharsLength;

  /**
   * In a {@link SlotTable}: makes {@code key}, of {@link PString#contentOf content} {@code content},
   * the slot's key, and keeps its characters packed if they are few enough and Latin-1.
   */
  void holdKey(Object key, Object content) {
    this.key = key;
    keyContent = content;
    if (content instanceof byte[] latin1 && latin1.length <= Chars.PACKED_MAX) {
      keyChars0 = Chars.packed(latin1, 0);
      keyChars1 = Chars.packed(latin1, 1);
      keyChars2 = Chars.packed(latin1, 2);
      keyCharsLength = latin1.length + 1;
    } else {
      keyCharsLength = 0;
    }
  }

  /** The kept key's character count plus one, 0 if none is kept. */
  int keyCharsLength() {
    return keyCharsLength;
  }

  /** Word {@code i} (0 to 2) of the kept key's packed characters. */
  long keyChars(int i) {
    return i == 0 ? keyChars0 : i == 1 ? keyChars1 : keyChars2;
  }

  /** Whether the key's characters are kept packed, and lookups compare with them. */
  boolean keyCharsKept() {
    return keyCharsLength != 0;
  }

  /** Whether {@code chars} are the kept key's characters; only while {@link #keyCharsKept()}. */
  boolean keyCharsEqual(Object chars) {
    if (!(chars instanceof byte[] latin1) || latin1.length + 1 != keyCharsLength) {
      return false;
    }
    int n = latin1.length;
    return Chars.packed(latin1, 0) == keyChars0
        && (n <= Long.BYTES || Chars.packed(latin1, 1) == keyChars1)
        && (n <= 2 * Long.BYTES || Chars.packed(latin1, 2) == keyChars2);
  }

  /** In a {@link SlotTable}: the key's spread hash and the next node. */
  int hash;
  Slot<V> next;

  /** An entry that keeps {@code cached} (or nothing, if null) and {@code shape} (0 for none) of its value. */
  Slot(int index, long pair, long value, V cached, long shape) {
    this.index = index;
    this.pair = pair;
    VALUE.set(this, value);
    SHAPE.set(this, shape);
    CACHED.set(this, cached);
  }

  @Override
  public void directAccess(long base, Persistence persistence) {
    pairBase = base;
  }

  long pairBase() {
    return pairBase;
  }

  long value() {
    return (long) VALUE.getAcquire(this);
  }

  /** The value's kept shape, or 0; read under the key's lock, by the writer of the entry. */
  long shape() {
    return (long) SHAPE.getOpaque(this);
  }

  @SuppressWarnings("unchecked")
  V cached() {
    return (V) CACHED.getAcquire(this);
  }

  /**
   * A fresh proxy of the value, made from its kept shape without reading a header; null when no
   * shape is kept, or a writer was changing the entry meanwhile.
   */
  PObject fromShape(Heap heap) {
    int before = (int) STAMP.getAcquire(this);
    long v = (long) VALUE.getOpaque(this);
    long s = (long) SHAPE.getOpaque(this);
    VarHandle.acquireFence();
    if (s == 0 || (before & 1) != 0 || (int) STAMP.getOpaque(this) != before) {
      return null;
    }
    return heap.resurrect(v, s);
  }

  /**
   * Under the key's lock: keeps {@code proxy} of the value, or its {@code shape} if not 0, if the
   * value is still {@code reference}, the one a reader made {@code proxy} for.
   */
  void keep(long reference, V proxy, long shape) {
    if (value() != reference) {
      return;
    }
    if (shape != 0) {
      update(reference, null, shape);
    } else {
      CACHED.setRelease(this, proxy);
    }
  }

  /**
   * Under the key's lock, a value update: the new reference with its shape (0 for none), then its
   * proxy (or null, to keep none).
   */
  void update(long value, V proxy, long shape) {
    int s = (int) STAMP.getOpaque(this);
    STAMP.setOpaque(this, s + 1);
    VarHandle.storeStoreFence();
    VALUE.setRelease(this, value);
    SHAPE.setOpaque(this, shape);
    STAMP.setRelease(this, s + 2);
    CACHED.setRelease(this, proxy);
  }
}
