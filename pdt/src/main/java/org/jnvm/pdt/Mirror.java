package org.jnvm.pdt;

import java.util.Map;

/**
 * A map's volatile mirror, from each key to its {@link Slot}, with what {@link MapCore} and {@link
 * MapView} need of it beyond {@link Map}: a {@link SlotTable}, which keeps entries' values in an
 * index beside their slots, or any other map ({@link #of}), a {@code TreeMap}, a skip list or a
 * range of either, which keeps nothing beside them. Only these two kinds implement it, so each call
 * site sees at most two receiver types.
 *
 * @param <K> the key type
 * @param <V> the value type of the slots
 */
interface Mirror<K, V> {
  /** The mirror as a map. */
  Map<K, Slot<V>> entries();

  /** The value of {@code key} as {@code core} reads an entry's, or null if the mirror has no entry for it. */
  V value(Object key, MapCore<K, V> core);

  /** Before the first entry, makes room for {@code entries}, if the mirror can. */
  void expect(int entries);

  /**
   * Under the key's lock: a value update of {@code s} ({@link Slot#update}), or, {@code ifStill}
   * the value is {@code reference}, what a reader keeps of it ({@link Slot#keep}).
   */
  void change(Slot<V> s, long reference, V proxy, long shape, boolean ifStill);

  /** {@code entries} as a mirror that keeps nothing beside its slots. */
  static <K, V> Mirror<K, V> of(Map<K, Slot<V>> entries) {
    return new Plain<>(entries);
  }

  /** A mirror that is only a map. */
  record Plain<K, V>(Map<K, Slot<V>> entries) implements Mirror<K, V> {
    @Override
    public V value(Object key, MapCore<K, V> core) {
      Slot<V> s = entries.get(key);
      return s == null ? null : core.value(s);
    }

    @Override
    public void expect(int entries) {}

    @Override
    public void change(Slot<V> s, long reference, V proxy, long shape, boolean ifStill) {
      if (ifStill) {
        s.keep(reference, proxy, shape);
      } else {
        s.update(reference, proxy, shape);
      }
    }
  }
}
