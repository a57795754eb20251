package org.jnvm.pdt;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jnvm.PObject;

/**
 * A persistent map, or a range of a sorted one, as a {@link Map}: reads go to the core's volatile
 * mirror (or to a view of it), changes to the {@link MapCore}. The top-level map classes are views
 * of their whole mirror; {@code subMap} and its kin are views of ranges of it.
 *
 * <p>This class and the other views that the public maps and sets extend are public, with
 * package-private constructors, and their type parameters have no {@code PObject} bound (the public
 * classes have it). A package-private superclass makes javac add a bridge that re-exposes each of
 * its public methods, and a bound one that adapts each erased return type; the bridges stopped C2
 * from inlining {@code Map.get}'s call (see docs/design-notes.md).
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public class MapView<K, V> extends AbstractMap<K, V> {
  private MapCore<K, V> core;
  /** The part of the mirror this view shows, or null for all of it. */
  private final Map<K, Slot<V>> range;
  /** {@link #range} as a {@link Mirror}, or null for all of the mirror. */
  private final Mirror<K, V> rangeOps;

  /** A top-level map, bound to its core once the core exists. */
  MapView() {
    this.range = null;
    this.rangeOps = null;
  }

  MapView(MapCore<K, V> core, Map<K, Slot<V>> range) {
    this.core = core;
    this.range = range;
    this.rangeOps = range == null ? null : Mirror.of(range);
  }

  final void bind(MapCore<K, V> core) {
    this.core = core;
  }

  final MapCore<K, V> core() {
    return core;
  }

  /** The entries this view shows; settles the map first (see {@link MapCore#mirror()}). */
  Map<K, Slot<V>> mirror() {
    Map<K, Slot<V>> all = core.mirror();
    return range == null ? all : range;
  }

  /** {@link #mirror()} as a {@link Mirror}, which {@link #get} reads through. */
  private Mirror<K, V> mirrorOps() {
    Mirror<K, V> all = core.mirrorOps();
    return range == null ? all : rangeOps;
  }

  final boolean isRange() {
    return range != null;
  }

  /** Throws if this view cannot hold {@code key}; only ranges of sorted maps restrict keys. */
  void checkInRange(K key) {
    Objects.requireNonNull(key, "persistent maps hold no null keys");
  }

  /** True when {@code key} is in this view; for a whole map, only a null check. */
  private boolean shows(Object key) {
    Objects.requireNonNull(key, "persistent maps hold no null keys");
    return range == null || range.containsKey(key);
  }

  // ---------------------------------------------------------------- Map

  @Override
  public int size() {
    return mirror().size();
  }

  @Override
  public boolean isEmpty() {
    return mirror().isEmpty();
  }

  @Override
  public boolean containsKey(Object key) {
    return mirror().containsKey(Objects.requireNonNull(key, "persistent maps hold no null keys"));
  }

  @Override
  public V get(Object key) {
    Mirror<K, V> m = mirrorOps();
    Objects.requireNonNull(key, "persistent maps hold no null keys");
    return m.value(key, core);
  }

  /**
   * Maps {@code key} to {@code value} with one atomic update, publishing them if they are new. The
   * previous value is returned, not freed; an equal key already in the map stays, and the key
   * passed is not stored (to update a key that may be present, {@link PMap#put(KeyProbe, Supplier,
   * PObject)} makes a key only when it adds one).
   */
  @Override
  public V put(K key, V value) {
    checkInRange(key);
    return core.put(key, () -> key, value, false, null, false);
  }

  /**
   * The changes {@link PMap} adds: maps the key that {@code key} is, or stands for as a {@link
   * KeyProbe}, to {@code value}; an absent key is added as {@code newKey} makes it (null: not
   * added), and with {@code freeOld} the value replaced is freed after a fence. Returns the previous
   * value. Declared here under another name than PMap's, whose bound erasures would have javac
   * bridge a {@code put} or {@code replace} here (see the class comment).
   */
  final V update(Object key, Supplier<? extends K> newKey, V value, boolean freeOld) {
    if (newKey == null) {
      return shows(key) ? core.put(key, null, value, false, null, freeOld) : null;
    }
    return core.put(key, keyInRange(newKey), value, false, null, freeOld);
  }

  /** {@code newKey}, checking that this view can hold the key it makes. */
  private Supplier<K> keyInRange(Supplier<? extends K> newKey) {
    Objects.requireNonNull(newKey, "newKey");
    return () -> {
      K key = newKey.get();
      checkInRange(key);
      return key;
    };
  }

  @Override
  public V putIfAbsent(K key, V value) {
    checkInRange(key);
    return core.put(key, () -> key, value, true, null, false);
  }

  @Override
  public V replace(K key, V value) {
    return shows(key) ? core.put(key, null, value, false, null, false) : null;
  }

  @Override
  public boolean replace(K key, V oldValue, V newValue) {
    return oldValue != null && shows(key) && core.put(key, null, newValue, false, oldValue, false) != null;
  }

  /**
   * Replaces the value of {@code key} with what {@code remapping} makes of it, under the key's lock
   * and with one lookup, where {@code Map}'s default looks the key up once to read and again to
   * replace. A new value is published with one atomic update; the value given back unchanged
   * writes nothing, so a value changed in place stays where it is. Neither the old value nor, when
   * {@code remapping} returns null and the mapping goes, the key is freed. {@code remapping} must
   * not change this map.
   */
  @Override
  public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remapping) {
    return shows(key) ? core.computeIfPresent(key, remapping) : null;
  }

  /**
   * {@link #computeIfPresent(Object, BiFunction)} for the key that {@code probe} stands for;
   * {@code remapping} gets the map's own key.
   */
  public V computeIfPresent(KeyProbe<K> probe, BiFunction<? super K, ? super V, ? extends V> remapping) {
    return shows(probe) ? core.computeIfPresent(probe, remapping) : null;
  }

  /** Removes a mapping; frees its pair but neither the key nor the value, which is returned. */
  @Override
  public V remove(Object key) {
    return shows(key) ? core.remove(key, null, Contents.KEEP, null) : null;
  }

  @Override
  public boolean remove(Object key, Object value) {
    return value != null && shows(key) && core.remove(key, value, Contents.KEEP, null) != null;
  }

  /** Empties the view without freeing keys or values. */
  @Override
  public void clear() {
    clear(Contents.KEEP);
  }

  // ---------------------------------------------------------------- persistent extras

  /** The caching policy the map was created with. */
  public Policy policy() {
    return core.policy();
  }

  /** Removes the mapping of {@code key} and frees what {@code contents} names; true if there was one. */
  public boolean removeAndFree(Object key, Contents contents) {
    return shows(key) && core.remove(key, null, Objects.requireNonNull(contents), null) != null;
  }

  /** Empties the view and frees what {@code contents} names. */
  public void clear(Contents contents) {
    for (K key : new ArrayList<>(mirror().keySet())) {
      core.remove(key, null, contents, null);
    }
  }

  /**
   * Frees the map: its header, its slot array, its pairs, and what {@code contents} names. Unlink
   * the map from roots and other objects first; afterwards every proxy of it is unusable. Ranges
   * of a map cannot be freed.
   */
  public void free(Contents contents) {
    freeAs(this, contents);
  }

  /** Frees the map whose header proxy is {@code owner}: a top-level map, or the set this view serves. */
  final void freeAs(Object owner, Contents contents) {
    if (!(owner instanceof PObject header)) {
      throw new UnsupportedOperationException("a view of a map cannot be freed; free the map");
    }
    core.free(header, Objects.requireNonNull(contents));
  }

  /** Adds {@code key} mapped to itself, as sets do; true if it was absent. */
  @SuppressWarnings("unchecked") // only sets call this, and their values are their keys
  final boolean addKey(K key) {
    checkInRange(key);
    return core.put(key, () -> key, (V) key, true, null, false) == null;
  }

  // ---------------------------------------------------------------- views

  @Override
  public Set<Map.Entry<K, V>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<K, V>> iterator() {
        return MapView.this.iterator(e -> new LiveEntry(e.getKey(), e.getValue()));
      }

      @Override
      public int size() {
        return MapView.this.size();
      }

      @Override
      public boolean contains(Object o) {
        if (!(o instanceof Map.Entry<?, ?> e) || e.getKey() == null) {
          return false;
        }
        V v = get(e.getKey());
        return v != null && v.equals(e.getValue());
      }

      @Override
      public boolean remove(Object o) {
        return o instanceof Map.Entry<?, ?> e && e.getKey() != null && MapView.this.remove(e.getKey(), e.getValue());
      }

      @Override
      public void clear() {
        MapView.this.clear();
      }
    };
  }

  @Override
  public Set<K> keySet() {
    return new KeySetView<>(this, false);
  }

  /**
   * An iterator over this view whose {@code remove} removes persistently, unlinking through the
   * mirror's own iterator so that iteration goes on.
   */
  final <T> Iterator<T> iterator(Function<Map.Entry<K, Slot<V>>, T> element) {
    Iterator<Map.Entry<K, Slot<V>>> it = mirror().entrySet().iterator();
    return new Iterator<>() {
      private K last;

      @Override
      public boolean hasNext() {
        return it.hasNext();
      }

      @Override
      public T next() {
        Map.Entry<K, Slot<V>> e = it.next();
        last = e.getKey();
        return element.apply(e);
      }

      @Override
      public void remove() {
        if (last == null) {
          throw new IllegalStateException("next() was not called, or remove() was called already");
        }
        core.remove(last, null, Contents.KEEP, it::remove);
        last = null;
      }
    };
  }

  /** A key and its value, read on demand; {@code setValue} writes through. */
  private final class LiveEntry implements Map.Entry<K, V> {
    private final K key;
    private final Slot<V> slot;
    private V value;

    LiveEntry(K key, Slot<V> slot) {
      this.key = key;
      this.slot = slot;
    }

    @Override
    public K getKey() {
      return key;
    }

    @Override
    public V getValue() {
      if (value == null) {
        value = core.value(slot);
      }
      return value;
    }

    @Override
    public V setValue(V v) {
      V old = getValue();
      if (core.put(key, null, v, false, null, false) == null) {
        throw new IllegalStateException("the entry was removed from the map");
      }
      value = v;
      return old;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Map.Entry<?, ?> e && key.equals(e.getKey()) && getValue().equals(e.getValue());
    }

    @Override
    public int hashCode() {
      return key.hashCode() ^ getValue().hashCode();
    }

    @Override
    public String toString() {
      return key + "=" + getValue();
    }
  }

  /** The first entry of an iterator as an immutable snapshot, or null. */
  final Map.Entry<K, V> snapshot(Map.Entry<K, Slot<V>> e) {
    return e == null ? null : new AbstractMap.SimpleImmutableEntry<>(e.getKey(), core.value(e.getValue()));
  }

  static <T> T orThrow(T value) {
    if (value == null) {
      throw new NoSuchElementException();
    }
    return value;
  }
}
