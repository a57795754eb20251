package org.jnvm.bench.ycsb.peers;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import org.jnvm.bench.ycsb.store.RecordStore;
import org.jnvm.bench.ycsb.store.YcsbRecord;

/**
 * A store whose records are byte arrays in a concurrent map (MapDB's and Chronicle Map's own
 * map interfaces). {@link #changed()} runs after every insert, update and delete. Both maps' reads
 * return a new array, which a record read from it keeps as it is.
 */
abstract class BytesMapStore implements RecordStore {
  private final ConcurrentMap<String, byte[]> records;

  BytesMapStore(ConcurrentMap<String, byte[]> records) {
    this.records = records;
  }

  /** What makes a change durable, if the store does anything to that end. */
  abstract void changed();

  @Override
  public Optional<YcsbRecord> read(String key, Set<String> fields) {
    return Optional.ofNullable(records.get(key)).map(bytes -> YcsbRecord.decodeOwning(bytes, fields));
  }

  @Override
  public void insert(String key, YcsbRecord record) {
    records.put(key, record.toBytes());
    changed();
  }

  /**
   * Atomic between threads: Chronicle Map runs computeIfPresent under the entry's segment lock;
   * MapDB's B-tree inherits ConcurrentMap's, which retries when replace finds other bytes stored.
   */
  @Override
  public boolean update(String key, YcsbRecord changes) {
    boolean found = records.computeIfPresent(key, (k, old) -> YcsbRecord.decodeOwning(old, null).with(changes).toBytes()) != null;
    if (found) {
      changed();
    }
    return found;
  }

  @Override
  public boolean delete(String key) {
    boolean removed = records.remove(key) != null;
    changed();
    return removed;
  }
}
