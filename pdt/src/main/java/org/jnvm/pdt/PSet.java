package org.jnvm.pdt;

import java.util.Set;
import org.jnvm.PObject;

/**
 * What the persistent sets add to {@link Set}. A set is a persistent map from each element to
 * itself. Elements are {@link PObject}s, never null; elements not yet published are published when
 * they are added. {@link Set#remove} never frees an element; the methods here say what they free.
 *
 * @param <E> the element type
 */
public interface PSet<E extends PObject> extends Set<E>, PObject {
  /** The caching policy the set was created with. */
  Policy policy();

  /** Removes {@code element} and frees the object the set stored for it; true if it was there. */
  boolean removeAndFree(Object element);

  /**
   * Frees the set, and its elements if {@code withElements}. Unlink the set from roots and other
   * objects first; afterwards every proxy of the set is unusable.
   */
  void free(boolean withElements);
}
