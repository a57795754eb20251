package org.jnvm.bench.ycsb.jnvm;

import org.jnvm.bench.ycsb.store.StoreBinding;

/**
 * YCSB binding for volatile records on the Java heap (see {@link VolatileStore}), the upper bound
 * the persistent bindings are held to. Its map follows {@link JnvmConfig}'s {@code jnvm.map}, a
 * {@code ConcurrentHashMap} by default. Keeps nothing across processes; the store directory is
 * required as for every store binding but left unused.
 */
public final class VolatileBinding extends StoreBinding {
  /** What the report prints for this store. */
  public static final String LABEL = "volatile (records on the Java heap; NOT durable)";

  public VolatileBinding() {
    super(LABEL, properties -> (directory, sizing) -> new VolatileStore(JnvmConfig.of(properties)));
  }
}
