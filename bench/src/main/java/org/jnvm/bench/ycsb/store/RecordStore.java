package org.jnvm.bench.ycsb.store;

import java.io.Closeable;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One store holding YCSB records under string keys, shared by the client threads of a
 * process. Each change is durable when the method returns, as far as the store's configuration
 * makes it durable (see each binding's label). Failures are unchecked exceptions.
 */
public interface RecordStore extends Closeable {
  /** The record under {@code key} with only the {@code fields} asked for (all if null). */
  Optional<YcsbRecord> read(String key, Set<String> fields);

  /** Whether {@link #scan} works: a hash map has no key order to scan in. */
  default boolean scans() {
    return true;
  }

  /** Up to {@code count} records, from the first key at or after {@code startKey}, in key order. */
  List<YcsbRecord> scan(String startKey, int count, Set<String> fields);

  /** Stores {@code record} under {@code key}, replacing any record there. */
  void insert(String key, YcsbRecord record);

  /** Sets the fields of {@code changes} in the record under {@code key}, atomically; false if there is none. */
  boolean update(String key, YcsbRecord changes);

  /** Removes the record under {@code key}; false if there was none. */
  boolean delete(String key);

  /**
   * Called with true before YCSB's load phase, which no figure measures, and with false after it.
   * In between, a store may make its changes durable in batches rather than one by one; the call
   * with false makes every change durable before it returns. Stores whose per-change cost does not
   * make a large load impractical ignore it.
   */
  default void bulkLoad(boolean on) {}
}
