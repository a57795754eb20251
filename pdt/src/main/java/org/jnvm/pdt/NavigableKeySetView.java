package org.jnvm.pdt;

import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.SortedSet;
import org.jnvm.PObject;

/**
 * The keys of a sorted persistent map as a {@link NavigableSet}; also the sorted persistent sets.
 * Every range or descending view is the key set of the matching view of the map.
 *
 * @param <E> the element type
 * @param <V> the map's value type; a set's is {@code E}
 */
public class NavigableKeySetView<E, V> extends KeySetView<E, V> implements NavigableSet<E> {
  NavigableKeySetView(NavigableMapView<E, V> map, boolean adds) {
    super(map, adds);
  }

  /** A top-level set: bound to its map view once the map core exists. */
  NavigableKeySetView() {}

  @Override
  final NavigableMapView<E, V> map() {
    return (NavigableMapView<E, V>) super.map();
  }

  /** The key set of a view of the same map, adding if this one adds. */
  private NavigableSet<E> keysOf(NavigableMap<E, V> view) {
    return new NavigableKeySetView<>((NavigableMapView<E, V>) view, adds);
  }

  @Override
  public Comparator<? super E> comparator() {
    return map().comparator();
  }

  @Override
  public E first() {
    return map().firstKey();
  }

  @Override
  public E last() {
    return map().lastKey();
  }

  @Override
  public E lower(E e) {
    return map().lowerKey(e);
  }

  @Override
  public E floor(E e) {
    return map().floorKey(e);
  }

  @Override
  public E ceiling(E e) {
    return map().ceilingKey(e);
  }

  @Override
  public E higher(E e) {
    return map().higherKey(e);
  }

  @Override
  public E pollFirst() {
    Map.Entry<E, V> e = map().pollFirstEntry();
    return e == null ? null : e.getKey();
  }

  @Override
  public E pollLast() {
    Map.Entry<E, V> e = map().pollLastEntry();
    return e == null ? null : e.getKey();
  }

  @Override
  public NavigableSet<E> descendingSet() {
    return keysOf(map().descendingMap());
  }

  @Override
  public Iterator<E> descendingIterator() {
    return descendingSet().iterator();
  }

  @Override
  public NavigableSet<E> subSet(E fromElement, boolean fromInclusive, E toElement, boolean toInclusive) {
    return keysOf(map().subMap(fromElement, fromInclusive, toElement, toInclusive));
  }

  @Override
  public NavigableSet<E> headSet(E toElement, boolean inclusive) {
    return keysOf(map().headMap(toElement, inclusive));
  }

  @Override
  public NavigableSet<E> tailSet(E fromElement, boolean inclusive) {
    return keysOf(map().tailMap(fromElement, inclusive));
  }

  @Override
  public SortedSet<E> subSet(E fromElement, E toElement) {
    return subSet(fromElement, true, toElement, false);
  }

  @Override
  public SortedSet<E> headSet(E toElement) {
    return headSet(toElement, false);
  }

  @Override
  public SortedSet<E> tailSet(E fromElement) {
    return tailSet(fromElement, true);
  }
}
