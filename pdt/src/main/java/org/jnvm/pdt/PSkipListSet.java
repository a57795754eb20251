package org.jnvm.pdt;

import java.util.concurrent.ConcurrentSkipListMap;
import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;

/**
 * A persistent sorted set safe for concurrent use, a drop-in {@link
 * java.util.concurrent.ConcurrentSkipListSet} with natural ordering.
 *
 * <p>It is a persistent map from each element to itself: see the {@linkplain org.jnvm.pdt package
 * documentation} for the design and {@link PSet} for nulls and freeing.
 *
 * @param <E> the element type
 */
public final class PSkipListSet<E extends PObject> extends NavigableKeySetView<E, E> implements PSet<E> {
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final PClass<PSkipListSet<?>> PCLASS = (PClass) PClass.of(PSkipListSet.class, MapCore.LAYOUT, PSkipListSet::new);

  private final Handle handle;

  private PSkipListSet(Handle handle) {
    this.handle = handle;
  }

  /** A new empty set with the {@link Policy#BASE} policy, written back, not yet valid. */
  public PSkipListSet(Heap heap) {
    this(heap, Policy.BASE);
  }

  /** A new empty set, written back, not yet valid. */
  public PSkipListSet(Heap heap, Policy policy) {
    this.handle = heap.allocate(PCLASS);
    bind(new ConcurrentNavigableMapView<>(MapCore.create(this, policy, () -> Mirror.of(new ConcurrentSkipListMap<>()), Locking.concurrent()), null));
  }

  @Override
  public void resurrect() {
    bind(new ConcurrentNavigableMapView<>(MapCore.attach(this, () -> Mirror.of(new ConcurrentSkipListMap<>()), Locking.concurrent()), null));
  }

  @Override
  public Handle handle() {
    return handle;
  }
}
