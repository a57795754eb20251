package org.jnvm.pdt;

import java.util.TreeMap;
import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;

/**
 * A persistent sorted map, a drop-in {@link java.util.TreeMap} with natural ordering but for
 * nulls. Not safe for concurrent use; see {@link PSkipListMap}.
 *
 * <p>See the {@linkplain org.jnvm.pdt package documentation} for the design and {@link PMap} for nulls and freeing.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public final class PTreeMap<K extends PObject, V extends PObject> extends NavigableMapView<K, V> implements PMap<K, V> {
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final PClass<PTreeMap<?, ?>> PCLASS = (PClass) PClass.of(PTreeMap.class, MapCore.LAYOUT, PTreeMap::new);

  private final Handle handle;

  private PTreeMap(Handle handle) {
    this.handle = handle;
  }

  /** A new empty map with the {@link Policy#BASE} policy, written back, not yet valid. */
  public PTreeMap(Heap heap) {
    this(heap, Policy.BASE);
  }

  /** A new empty map, written back, not yet valid. */
  public PTreeMap(Heap heap, Policy policy) {
    this.handle = heap.allocate(PCLASS);
    bind(MapCore.create(this, policy, () -> Mirror.of(new TreeMap<>()), Locking.NONE));
  }

  @Override
  public void resurrect() {
    bind(MapCore.attach(this, () -> Mirror.of(new TreeMap<>()), Locking.NONE));
  }

  @Override
  public Handle handle() {
    return handle;
  }
}
