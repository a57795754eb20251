package org.jnvm.pdt;

import java.util.concurrent.ConcurrentMap;
import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;

/**
 * A persistent hash map safe for concurrent use, a drop-in {@link
 * java.util.concurrent.ConcurrentHashMap}. Reads take no lock; changes to one key are serialised,
 * changes to different keys proceed in parallel.
 *
 * <p>See the {@linkplain org.jnvm.pdt package documentation} for the design and {@link PMap} for nulls and freeing.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public final class PConcurrentHashMap<K extends PObject, V extends PObject> extends MapView<K, V> implements ConcurrentMap<K, V>, PMap<K, V> {
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final PClass<PConcurrentHashMap<?, ?>> PCLASS = (PClass) PClass.of(PConcurrentHashMap.class, MapCore.LAYOUT, PConcurrentHashMap::new);

  private final Handle handle;

  private PConcurrentHashMap(Handle handle) {
    this.handle = handle;
  }

  /** A new empty map with the {@link Policy#BASE} policy, written back, not yet valid. */
  public PConcurrentHashMap(Heap heap) {
    this(heap, Policy.BASE);
  }

  /** A new empty map, written back, not yet valid. */
  public PConcurrentHashMap(Heap heap, Policy policy) {
    this.handle = heap.allocate(PCLASS);
    bind(MapCore.create(this, policy, SlotTable::concurrentForMap, Locking.concurrent()));
  }

  @Override
  public void resurrect() {
    bind(MapCore.attach(this, SlotTable::concurrentForMap, Locking.concurrent()));
  }

  @Override
  public Handle handle() {
    return handle;
  }
}
