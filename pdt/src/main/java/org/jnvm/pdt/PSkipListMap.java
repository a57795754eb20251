package org.jnvm.pdt;

import java.util.concurrent.ConcurrentSkipListMap;
import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;

/**
 * A persistent sorted map safe for concurrent use, a drop-in {@link
 * java.util.concurrent.ConcurrentSkipListMap} with natural ordering. Reads take no lock; changes
 * to one key are serialised, changes to different keys proceed in parallel.
 *
 * <p>See the {@linkplain org.jnvm.pdt package documentation} for the design and {@link PMap} for nulls and freeing.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public final class PSkipListMap<K extends PObject, V extends PObject> extends ConcurrentNavigableMapView<K, V> implements PMap<K, V> {
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final PClass<PSkipListMap<?, ?>> PCLASS = (PClass) PClass.of(PSkipListMap.class, MapCore.LAYOUT, PSkipListMap::new);

  private final Handle handle;

  private PSkipListMap(Handle handle) {
    this.handle = handle;
  }

  /** A new empty map with the {@link Policy#BASE} policy, written back, not yet valid. */
  public PSkipListMap(Heap heap) {
    this(heap, Policy.BASE);
  }

  /** A new empty map, written back, not yet valid. */
  public PSkipListMap(Heap heap, Policy policy) {
    this.handle = heap.allocate(PCLASS);
    bind(MapCore.create(this, policy, () -> Mirror.of(new ConcurrentSkipListMap<>()), Locking.concurrent()));
  }

  @Override
  public void resurrect() {
    bind(MapCore.attach(this, () -> Mirror.of(new ConcurrentSkipListMap<>()), Locking.concurrent()));
  }

  @Override
  public Handle handle() {
    return handle;
  }
}
