package org.jnvm.pdt;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;

/**
 * A persistent hash map, a drop-in {@link java.util.HashMap} but for nulls. Not safe for concurrent
 * use; see {@link PConcurrentHashMap}.
 *
 * <p>See the {@linkplain org.jnvm.pdt package documentation} for the design and {@link PMap} for nulls and freeing.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public final class PHashMap<K extends PObject, V extends PObject> extends MapView<K, V> implements PMap<K, V> {
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final PClass<PHashMap<?, ?>> PCLASS = (PClass) PClass.of(PHashMap.class, MapCore.LAYOUT, PHashMap::new);

  private final Handle handle;

  private PHashMap(Handle handle) {
    this.handle = handle;
  }

  /** A new empty map with the {@link Policy#BASE} policy, written back, not yet valid. */
  public PHashMap(Heap heap) {
    this(heap, Policy.BASE);
  }

  /** A new empty map, written back, not yet valid. */
  public PHashMap(Heap heap, Policy policy) {
    this.handle = heap.allocate(PCLASS);
    bind(MapCore.create(this, policy, SlotTable::forMap, Locking.NONE));
  }

  @Override
  public void resurrect() {
    bind(MapCore.attach(this, SlotTable::forMap, Locking.NONE));
  }

  @Override
  public Handle handle() {
    return handle;
  }
}
