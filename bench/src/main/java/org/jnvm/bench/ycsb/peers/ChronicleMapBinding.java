package org.jnvm.bench.ycsb.peers;

import org.jnvm.bench.ycsb.store.StoreBinding;

/**
 * YCSB binding for Chronicle Map persisted to a file, sized when created for the run's records
 * (YCSB's {@code recordcount}, plus what its inserts may add) of 10 fields of 100 B.
 *
 * <p><b>Not durable against a power failure.</b> Changes go to a shared memory mapping of the
 * file that Chronicle Map never syncs: they outlive the process (the page cache keeps them) but
 * not the machine. It is measured as the fastest thing Java users persist maps with, not as a
 * durable store.
 *
 * <p><b>No scan.</b> Chronicle Map is a hash map: {@link #scan} answers YCSB's
 * {@code NOT_IMPLEMENTED}, so workload E's scans count as failed operations for this store.
 */
public final class ChronicleMapBinding extends StoreBinding {
  /** What the report prints for this store. */
  public static final String LABEL = "Chronicle Map 2026.1 (persisted file; NOT durable against power failure, no scan)";

  public ChronicleMapBinding() {
    super(LABEL, ChronicleMapStore::open);
  }
}
