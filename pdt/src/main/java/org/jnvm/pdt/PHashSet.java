package org.jnvm.pdt;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;

/**
 * A persistent hash set, a drop-in {@link java.util.HashSet} but for nulls. Not safe for concurrent
 * use; see {@link PConcurrentHashSet}.
 *
 * <p>It is a persistent map from each element to itself: see the {@linkplain org.jnvm.pdt package
 * documentation} for the design and {@link PSet} for nulls and freeing.
 *
 * @param <E> the element type
 */
public final class PHashSet<E extends PObject> extends KeySetView<E, E> implements PSet<E> {
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final PClass<PHashSet<?>> PCLASS = (PClass) PClass.of(PHashSet.class, MapCore.LAYOUT, PHashSet::new);

  private final Handle handle;

  private PHashSet(Handle handle) {
    this.handle = handle;
  }

  /** A new empty set with the {@link Policy#BASE} policy, written back, not yet valid. */
  public PHashSet(Heap heap) {
    this(heap, Policy.BASE);
  }

  /** A new empty set, written back, not yet valid. */
  public PHashSet(Heap heap, Policy policy) {
    this.handle = heap.allocate(PCLASS);
    bind(new MapView<>(MapCore.create(this, policy, SlotTable::forSet, Locking.NONE), null));
  }

  @Override
  public void resurrect() {
    bind(new MapView<>(MapCore.attach(this, SlotTable::forSet, Locking.NONE), null));
  }

  @Override
  public Handle handle() {
    return handle;
  }
}
