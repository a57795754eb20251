package org.jnvm.pdt;

import java.util.NavigableMap;
import java.util.concurrent.ConcurrentNavigableMap;
import org.jnvm.PObject;

/**
 * A sorted persistent map shared by threads, or a range of one: a {@link NavigableMapView} whose
 * mirror is a concurrent skip list and whose views are concurrent too.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public class ConcurrentNavigableMapView<K, V> extends NavigableMapView<K, V>
    implements ConcurrentNavigableMap<K, V> {
  ConcurrentNavigableMapView() {}

  ConcurrentNavigableMapView(MapCore<K, V> core, NavigableMap<K, Slot<V>> range) {
    super(core, range);
  }

  @Override
  ConcurrentNavigableMapView<K, V> view(NavigableMap<K, Slot<V>> range) {
    return new ConcurrentNavigableMapView<>(core(), range);
  }

  @Override
  public ConcurrentNavigableMap<K, V> descendingMap() {
    return (ConcurrentNavigableMap<K, V>) super.descendingMap();
  }

  @Override
  public ConcurrentNavigableMap<K, V> subMap(K fromKey, boolean fromInclusive, K toKey, boolean toInclusive) {
    return (ConcurrentNavigableMap<K, V>) super.subMap(fromKey, fromInclusive, toKey, toInclusive);
  }

  @Override
  public ConcurrentNavigableMap<K, V> headMap(K toKey, boolean inclusive) {
    return (ConcurrentNavigableMap<K, V>) super.headMap(toKey, inclusive);
  }

  @Override
  public ConcurrentNavigableMap<K, V> tailMap(K fromKey, boolean inclusive) {
    return (ConcurrentNavigableMap<K, V>) super.tailMap(fromKey, inclusive);
  }

  @Override
  public ConcurrentNavigableMap<K, V> subMap(K fromKey, K toKey) {
    return subMap(fromKey, true, toKey, false);
  }

  @Override
  public ConcurrentNavigableMap<K, V> headMap(K toKey) {
    return headMap(toKey, false);
  }

  @Override
  public ConcurrentNavigableMap<K, V> tailMap(K fromKey) {
    return tailMap(fromKey, true);
  }
}
