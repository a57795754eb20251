package org.jnvm.pdt;

import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import org.jnvm.PObject;

/**
 * The keys of a persistent map as a {@link java.util.Set}: a map's {@code keySet()}, which cannot
 * add, and the persistent sets, which add an element as a key mapped to itself (the paper's
 * section 4.3.2).
 *
 * @param <E> the element type
 * @param <V> the map's value type; a set's is {@code E}
 */
public class KeySetView<E, V> extends AbstractSet<E> {
  private MapView<E, V> map;
  /** True for a set, false for a map's key set. */
  final boolean adds;

  KeySetView(MapView<E, V> map, boolean adds) {
    this.map = map;
    this.adds = adds;
  }

  /** A top-level set: bound to its map view once the map core exists. */
  KeySetView() {
    this.adds = true;
  }

  final void bind(MapView<E, V> map) {
    this.map = map;
  }

  MapView<E, V> map() {
    return map;
  }

  @Override
  public Iterator<E> iterator() {
    return map.iterator(Map.Entry::getKey);
  }

  @Override
  public int size() {
    return map.size();
  }

  @Override
  public boolean isEmpty() {
    return map.isEmpty();
  }

  @Override
  public boolean contains(Object o) {
    return map.containsKey(o);
  }

  /** Adds an element, publishing it if it is new; a map's key set cannot add. */
  @Override
  public boolean add(E e) {
    if (!adds) {
      throw new UnsupportedOperationException("add to the map instead of its key set");
    }
    return map.addKey(e);
  }

  /** Removes an element (a map's key set removes its mapping) without freeing it. */
  @Override
  public boolean remove(Object o) {
    return map.remove(o) != null;
  }

  @Override
  public void clear() {
    map.clear();
  }

  // ---------------------------------------------------------------- persistent extras, for sets

  /** The caching policy the set was created with. */
  public Policy policy() {
    return map.policy();
  }

  /** Removes {@code element} and frees the copy the set stored; true if it was there. */
  public boolean removeAndFree(Object element) {
    return map.removeAndFree(element, Contents.KEYS);
  }

  /**
   * Frees the set, and its elements if {@code withElements}. Unlink the set from roots and other
   * objects first; afterwards every proxy of it is unusable.
   */
  public void free(boolean withElements) {
    map.freeAs(this, withElements ? Contents.KEYS : Contents.KEEP);
  }
}
