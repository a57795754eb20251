package org.jnvm.crash;

import java.util.List;

/**
 * Where one heap's simulated backend crashes, and what it left: the fence to crash at (or none),
 * the evictions to build post-crash images with, and, once crashed, those images.
 */
public final class CrashPlan {
  private final long crashAt;
  private final List<Eviction> evictions;
  private SimulatedPersistence backend;
  private List<byte[]> images;
  private long crashedAt = -1;

  private CrashPlan(long crashAt, List<Eviction> evictions) {
    this.crashAt = crashAt;
    this.evictions = List.copyOf(evictions);
  }

  /** No planned crash: counts fences and flushes; {@link SimulatedPersistence#crash()} may still be called. */
  public static CrashPlan none(List<Eviction> evictions) {
    return new CrashPlan(-1, evictions);
  }

  /** A crash at fence {@code fence} (counted from 0), building one image per eviction. */
  public static CrashPlan at(long fence, List<Eviction> evictions) {
    if (fence < 0) {
      throw new IllegalArgumentException("negative crash point " + fence);
    }
    return new CrashPlan(fence, evictions);
  }

  public long crashAt() {
    return crashAt;
  }

  public List<Eviction> evictions() {
    return evictions;
  }

  synchronized void attach(SimulatedPersistence p) {
    if (backend != null) {
      throw new IllegalStateException("a crash plan serves one heap");
    }
    backend = p;
  }

  synchronized void crashed(long fence, List<byte[]> built) {
    crashedAt = fence;
    images = List.copyOf(built);
  }

  /** The backend, once the heap has mapped its file; null before. */
  public synchronized SimulatedPersistence backend() {
    return backend;
  }

  /** Post-crash images, one per eviction, in order; null until the crash. */
  public synchronized List<byte[]> images() {
    return images;
  }

  /** The fence the crash happened at, or -1. */
  public synchronized long crashedAt() {
    return crashedAt;
  }
}
