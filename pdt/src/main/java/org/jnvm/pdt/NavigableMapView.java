package org.jnvm.pdt;

import java.util.Comparator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Objects;
import org.jnvm.PObject;

/**
 * A sorted persistent map, or a range of one, as a {@link NavigableMap}. Navigation and ranges are
 * those of the mirror (a {@code TreeMap} or a skip list), so a range view here is a view of the
 * mirror's range view, and keys sort by their natural order.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public class NavigableMapView<K, V> extends MapView<K, V> implements NavigableMap<K, V> {
  NavigableMapView() {}

  NavigableMapView(MapCore<K, V> core, NavigableMap<K, Slot<V>> range) {
    super(core, range);
  }

  /** A view of a range of the mirror; the concurrent maps make concurrent views. */
  NavigableMapView<K, V> view(NavigableMap<K, Slot<V>> range) {
    return new NavigableMapView<>(core(), range);
  }

  final NavigableMap<K, Slot<V>> sorted() {
    return (NavigableMap<K, Slot<V>>) mirror();
  }

  /** A range view rejects keys outside it, as the mirror's range view does when asked for one key. */
  @Override
  final void checkInRange(K key) {
    Objects.requireNonNull(key, "persistent maps hold no null keys");
    if (isRange()) {
      sorted().subMap(key, true, key, true);
    }
  }

  @Override
  public Comparator<? super K> comparator() {
    return sorted().comparator();
  }

  @Override
  public K firstKey() {
    return sorted().firstKey();
  }

  @Override
  public K lastKey() {
    return sorted().lastKey();
  }

  @Override
  public K lowerKey(K key) {
    return sorted().lowerKey(key);
  }

  @Override
  public K floorKey(K key) {
    return sorted().floorKey(key);
  }

  @Override
  public K ceilingKey(K key) {
    return sorted().ceilingKey(key);
  }

  /**
   * The map's own least key at or after the one {@code probe} stands for, or null: {@link
   * #ceilingKey(Object)} by a plain Java value, so that a scan can find where to start without
   * making a key. The key it returns can then bound a range view.
   */
  @SuppressWarnings("unchecked") // the mirror compares the probe with its keys and never keeps it
  public K ceilingKey(KeyProbe<K> probe) {
    return sorted().ceilingKey((K) Objects.requireNonNull(probe, "probe"));
  }

  @Override
  public K higherKey(K key) {
    return sorted().higherKey(key);
  }

  @Override
  public Map.Entry<K, V> lowerEntry(K key) {
    return snapshot(sorted().lowerEntry(key));
  }

  @Override
  public Map.Entry<K, V> floorEntry(K key) {
    return snapshot(sorted().floorEntry(key));
  }

  @Override
  public Map.Entry<K, V> ceilingEntry(K key) {
    return snapshot(sorted().ceilingEntry(key));
  }

  @Override
  public Map.Entry<K, V> higherEntry(K key) {
    return snapshot(sorted().higherEntry(key));
  }

  @Override
  public Map.Entry<K, V> firstEntry() {
    return snapshot(sorted().firstEntry());
  }

  @Override
  public Map.Entry<K, V> lastEntry() {
    return snapshot(sorted().lastEntry());
  }

  @Override
  public Map.Entry<K, V> pollFirstEntry() {
    return poll(true);
  }

  @Override
  public Map.Entry<K, V> pollLastEntry() {
    return poll(false);
  }

  /** Removes the first or last entry; retries when another thread removes it first. */
  private Map.Entry<K, V> poll(boolean first) {
    while (true) {
      Map.Entry<K, Slot<V>> e = first ? sorted().firstEntry() : sorted().lastEntry();
      if (e == null) {
        return null;
      }
      V removed = core().remove(e.getKey(), null, Contents.KEEP, null);
      if (removed != null) {
        return new SimpleImmutableEntry<>(e.getKey(), removed);
      }
    }
  }

  @Override
  public NavigableMap<K, V> descendingMap() {
    return view(sorted().descendingMap());
  }

  @Override
  public NavigableSet<K> navigableKeySet() {
    return new NavigableKeySetView<>(this, false);
  }

  @Override
  public NavigableSet<K> keySet() {
    return navigableKeySet();
  }

  @Override
  public NavigableSet<K> descendingKeySet() {
    return descendingMap().navigableKeySet();
  }

  @Override
  public NavigableMap<K, V> subMap(K fromKey, boolean fromInclusive, K toKey, boolean toInclusive) {
    return view(sorted().subMap(fromKey, fromInclusive, toKey, toInclusive));
  }

  @Override
  public NavigableMap<K, V> headMap(K toKey, boolean inclusive) {
    return view(sorted().headMap(toKey, inclusive));
  }

  @Override
  public NavigableMap<K, V> tailMap(K fromKey, boolean inclusive) {
    return view(sorted().tailMap(fromKey, inclusive));
  }

  @Override
  public NavigableMap<K, V> subMap(K fromKey, K toKey) {
    return subMap(fromKey, true, toKey, false);
  }

  @Override
  public NavigableMap<K, V> headMap(K toKey) {
    return headMap(toKey, false);
  }

  @Override
  public NavigableMap<K, V> tailMap(K fromKey) {
    return tailMap(fromKey, true);
  }
}
