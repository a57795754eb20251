package org.jnvm.pdt;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;

/**
 * A persistent hash set safe for concurrent use, like the sets of {@link
 * java.util.concurrent.ConcurrentHashMap#newKeySet()}.
 *
 * <p>It is a persistent map from each element to itself: see the {@linkplain org.jnvm.pdt package
 * documentation} for the design and {@link PSet} for nulls and freeing.
 *
 * @param <E> the element type
 */
public final class PConcurrentHashSet<E extends PObject> extends KeySetView<E, E> implements PSet<E> {
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final PClass<PConcurrentHashSet<?>> PCLASS = (PClass) PClass.of(PConcurrentHashSet.class, MapCore.LAYOUT, PConcurrentHashSet::new);

  private final Handle handle;

  private PConcurrentHashSet(Handle handle) {
    this.handle = handle;
  }

  /** A new empty set with the {@link Policy#BASE} policy, written back, not yet valid. */
  public PConcurrentHashSet(Heap heap) {
    this(heap, Policy.BASE);
  }

  /** A new empty set, written back, not yet valid. */
  public PConcurrentHashSet(Heap heap, Policy policy) {
    this.handle = heap.allocate(PCLASS);
    bind(new MapView<>(MapCore.create(this, policy, SlotTable::concurrentForSet, Locking.concurrent()), null));
  }

  @Override
  public void resurrect() {
    bind(new MapView<>(MapCore.attach(this, SlotTable::concurrentForSet, Locking.concurrent()), null));
  }

  @Override
  public Handle handle() {
    return handle;
  }
}
