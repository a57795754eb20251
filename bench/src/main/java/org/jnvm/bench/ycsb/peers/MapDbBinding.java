package org.jnvm.bench.ycsb.peers;

import org.jnvm.bench.ycsb.store.StoreBinding;

/**
 * YCSB binding for MapDB 3: a B-tree map in a memory-mapped file, with MapDB's write-ahead log
 * ({@code transactionEnable()}) and a commit after every insert, update and delete. Durable: a
 * commit has synced the log when the operation returns. Scans walk the B-tree in key order.
 */
public final class MapDbBinding extends StoreBinding {
  /** What the report prints for this store. */
  public static final String LABEL =
      "MapDB 3.1 (mmap file, WAL, commit per operation; durable; its load, which is not measured, commits once per " + MapDbStore.LOAD_BATCH + " inserts)";

  public MapDbBinding() {
    super(LABEL, MapDbStore::open);
  }
}
