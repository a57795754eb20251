package org.jnvm.pdt;

import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.jnvm.PObject;

/**
 * What the persistent maps add to {@link Map}. Keys and values are {@link PObject}s, never null
 * (a null key, value or query throws {@link NullPointerException}); objects not yet published are
 * published when they are stored. {@link Map#remove} and the other {@code Map} methods never free a
 * key or a value; the methods here say what they free.
 *
 * <p>{@link #putAndFree} and {@link #replaceAndFree} free the value they replace. A value that a
 * {@code put} or a remapping replaced may also be freed by the caller, but only after a fence
 * ({@link org.jnvm.heap.Heap#pfence}): neither the map's atomic update nor {@link
 * org.jnvm.heap.Heap#free} fences, so the freed value's header could otherwise reach memory before
 * the reference that replaced it, and after a crash recovery would find the map pointing at an
 * invalid object and drop the key.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public interface PMap<K extends PObject, V extends PObject> extends Map<K, V>, PObject {
  /**
   * The value of the key that {@code probe} stands for, or null: {@link #get(Object)} with a
   * volatile stand-in for the key, such as {@code map.get(PString.probe("alice"))}, which makes no
   * persistent string and no proxy to look up with.
   */
  default V get(KeyProbe<K> probe) {
    return get((Object) probe);
  }

  /** {@link #containsKey(Object)} of the key that {@code probe} stands for. */
  default boolean containsKey(KeyProbe<K> probe) {
    return containsKey((Object) probe);
  }

  /**
   * {@link #put(Object, Object)} of the key that {@code probe} stands for: {@code newKey} makes the
   * persistent key, and is called only if the map has no key equal to the probe, so that updating
   * a present key allocates none: {@code rec.put(PString.probe(field), () -> PString.of(heap,
   * field), v)}. ({@code put(PString.of(heap, field), v)} keeps the map's equal key and leaves the
   * one passed allocated.) The key made must equal the probe, or {@link IllegalArgumentException}
   * is thrown. The previous value is returned, not freed.
   */
  default V put(KeyProbe<K> probe, Supplier<? extends K> newKey, V value) {
    return view().update(probe, Objects.requireNonNull(newKey, "newKey"), value, false);
  }

  /** {@link #replace(Object, Object)} of the key that {@code probe} stands for. */
  default V replace(KeyProbe<K> probe, V value) {
    return view().update(probe, null, value, false);
  }

  /**
   * {@link #put(Object, Object)} that frees the value it replaces, after the fence that must come
   * first (see above); true if the key was absent, and so {@code key} is now stored. When it returns
   * false the map kept its own equal key and {@code key} stays allocated; {@link
   * #putAndFree(KeyProbe, Supplier, PObject)} makes no key for a present one. A value put again in
   * place of itself is not freed; a value that is a pdt container is freed with what it holds, as
   * {@link Contents#DEEP} frees it.
   */
  default boolean putAndFree(K key, V value) {
    return view().update(key, () -> key, value, true) == null;
  }

  /**
   * {@link #put(KeyProbe, Supplier, PObject)} that frees the value it replaces, after the fence
   * that must come first: the update of a record's field is {@code rec.putAndFree(PString.probe(f),
   * () -> PString.of(heap, f), v)}, which allocates only {@code v} once the field exists. True if
   * the key was absent and {@code newKey} made it.
   */
  default boolean putAndFree(KeyProbe<K> probe, Supplier<? extends K> newKey, V value) {
    return view().update(probe, Objects.requireNonNull(newKey, "newKey"), value, true) == null;
  }

  /**
   * {@link #replace(Object, Object)} that frees the value it replaces, after the fence that must
   * come first; true if the key was present. A value put again in place of itself is not freed; a
   * value that is a pdt container is freed with what it holds, as {@link Contents#DEEP} frees it.
   */
  default boolean replaceAndFree(K key, V value) {
    return view().update(key, null, value, true) != null;
  }

  /** {@link #replaceAndFree(PObject, PObject)} of the key that {@code probe} stands for. */
  default boolean replaceAndFree(KeyProbe<K> probe, V value) {
    return view().update(probe, null, value, true) != null;
  }

  /** {@link #remove(Object)} of the key that {@code probe} stands for; frees neither key nor value. */
  default V remove(KeyProbe<K> probe) {
    return remove((Object) probe);
  }

  /**
   * {@link #computeIfPresent(Object, BiFunction)} for the key that {@code probe} stands for, with
   * one lookup under the key's lock; {@code remapping} gets the map's own key. A new value is
   * published with one atomic update, the value given back unchanged writes nothing, and null
   * removes the mapping. Nothing is freed.
   */
  V computeIfPresent(KeyProbe<K> probe, BiFunction<? super K, ? super V, ? extends V> remapping);

  /** The caching policy the map was created with. */
  Policy policy();

  /**
   * Removes the mapping of {@code key} and frees what {@code contents} names; true if there was
   * one. {@code key} may be a {@link KeyProbe}. To remove a record map held as a value with all it
   * holds, pass {@link Contents#DEEP}.
   */
  boolean removeAndFree(Object key, Contents contents);

  /** Removes every mapping and frees what {@code contents} names. */
  void clear(Contents contents);

  /**
   * Frees the map: its header, slot array and pairs, and what {@code contents} names. Unlink the
   * map from roots and other objects first; afterwards every proxy of the map is unusable.
   */
  void free(Contents contents);

  /**
   * This map as the view that implements it: pdt's maps are the only ones. The methods above are
   * defaults so that javac bridges none of them in the maps (see {@link MapView}).
   */
  @SuppressWarnings("unchecked")
  private MapView<K, V> view() {
    return (MapView<K, V>) this;
  }
}
