package org.jnvm.pdt;

import java.util.TreeMap;
import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;

/**
 * A persistent sorted set, a drop-in {@link java.util.TreeSet} with natural ordering but for nulls.
 * Not safe for concurrent use; see {@link PSkipListSet}.
 *
 * <p>It is a persistent map from each element to itself: see the {@linkplain org.jnvm.pdt package
 * documentation} for the design and {@link PSet} for nulls and freeing.
 *
 * @param <E> the element type
 */
public final class PTreeSet<E extends PObject> extends NavigableKeySetView<E, E> implements PSet<E> {
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final PClass<PTreeSet<?>> PCLASS = (PClass) PClass.of(PTreeSet.class, MapCore.LAYOUT, PTreeSet::new);

  private final Handle handle;

  private PTreeSet(Handle handle) {
    this.handle = handle;
  }

  /** A new empty set with the {@link Policy#BASE} policy, written back, not yet valid. */
  public PTreeSet(Heap heap) {
    this(heap, Policy.BASE);
  }

  /** A new empty set, written back, not yet valid. */
  public PTreeSet(Heap heap, Policy policy) {
    this.handle = heap.allocate(PCLASS);
    bind(new NavigableMapView<>(MapCore.create(this, policy, () -> Mirror.of(new TreeMap<>()), Locking.NONE), null));
  }

  @Override
  public void resurrect() {
    bind(new NavigableMapView<>(MapCore.attach(this, () -> Mirror.of(new TreeMap<>()), Locking.NONE), null));
  }

  @Override
  public Handle handle() {
    return handle;
  }
}
