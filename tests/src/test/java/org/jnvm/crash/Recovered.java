package org.jnvm.crash;

import java.util.Collections;
import java.util.Map;
import org.jnvm.PObject;
import org.jnvm.heap.Heap;
import org.jnvm.recovery.RecoveryReport;

/**
 * A heap opened (and so recovered) from a post-crash image, after the generic checks: what a
 * scenario's own check looks at.
 */
public final class Recovered {
  private final Heap heap;
  private final Map<Long, PObject> reachable;
  private final long fingerprint;

  Recovered(Heap heap, Map<Long, PObject> reachable, long fingerprint) {
    this.heap = heap;
    this.reachable = Collections.unmodifiableMap(reachable);
    this.fingerprint = fingerprint;
  }

  public Heap heap() {
    return heap;
  }

  public RecoveryReport report() {
    return heap.recoveryReport();
  }

  /** The root's object, or null when the root is absent. */
  public <T extends PObject> T root(String name, Class<T> type) {
    return heap.roots().get(name, type);
  }

  /** Every object reachable from the roots, by offset, in the order the checker reached them. */
  public Map<Long, PObject> reachable() {
    return reachable;
  }

  /**
   * A hash of the recovered state: the roots, and the header and blocks of every reachable object.
   * Two recoveries of images that differ only by how far an earlier recovery got agree on it.
   */
  public long fingerprint() {
    return fingerprint;
  }
}
