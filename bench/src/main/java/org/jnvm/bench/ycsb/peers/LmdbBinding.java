package org.jnvm.bench.ycsb.peers;

import org.jnvm.bench.ycsb.store.StoreBinding;

/**
 * YCSB binding for LMDB through lmdbjava, with sync on: every insert, update and delete is a
 * write transaction whose commit syncs the data file (none of MDB_NOSYNC, MDB_NOMETASYNC,
 * MDB_WRITEMAP). Durable. Scans walk a cursor in key order.
 */
public final class LmdbBinding extends StoreBinding {
  /** What the report prints for this store. */
  public static final String LABEL = "LMDB 0.9.33 via lmdbjava 0.9.3 (sync on every commit; durable)";

  public LmdbBinding() {
    super(LABEL, LmdbStore::open);
  }
}
