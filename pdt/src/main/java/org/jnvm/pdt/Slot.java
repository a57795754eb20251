package org.jnvm.pdt;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.jnvm.heap.DirectAccess;
import org.jnvm.persist.Persistence;

/**
 * A mirror entry: where a key's pair is, its value, and what the map's {@link Policy} keeps of them.
 * A value update changes the entry in place, under the key's lock, instead of putting a new entry
 * into the mirror. Lock-free readers of a concurrent map then see the old value or the new one:
 * the writer stores the value's reference before its proxy, and a reader fills an empty proxy
 * cache only by a compare-and-set from null, so a reader that read the old reference cannot
 * overwrite the proxy of the new one.
 *
 * @param <V> the value type
 */
final class Slot<V> implements DirectAccess {
  private static final VarHandle VALUE;
  private static final VarHandle CACHED;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      VALUE = lookup.findVarHandle(Slot.class, "value", long.class);
      CACHED = lookup.findVarHandle(Slot.class, "cached", Object.class);
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

  /** In a {@link SlotTable}: the key's spread hash and the next node. */
  int hash;
  Slot<V> next;

  Slot(int index, long pair, long value, V cached) {
    this.index = index;
    this.pair = pair;
    VALUE.set(this, value);
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

  @SuppressWarnings("unchecked")
  V cached() {
    return (V) CACHED.getAcquire(this);
  }

  /** Caches the proxy of the value a reader found, unless a proxy is cached already. */
  void fill(V proxy) {
    CACHED.compareAndSet(this, null, proxy);
  }

  /** A value update: the new reference, then its proxy (or null, to make none). */
  void update(long value, V proxy) {
    VALUE.setRelease(this, value);
    CACHED.setRelease(this, proxy);
  }
}
