package org.jnvm.bench.ycsb.jnvm;

import java.util.function.Supplier;

/**
 * How a store keeps its client threads apart. Updates read, merge and write a record, so two
 * changes to one key must not interleave. Whether reads may run beside a change depends on the
 * map, and on the store: a persistent store frees a record's old value as it changes it, so a read
 * of that key that overlapped the change must not be used (it is done again), where a volatile
 * store leaves that to the collector.
 *
 * <p>A key is a {@code String} or any other {@code CharSequence} whose {@code hashCode} is the
 * string's, as a {@code PString}'s is: a scan then guards each key it walks without decoding it.
 */
interface Guard {
  /** Runs a read of the record under {@code key}, which may run twice if a change overlaps it. */
  default <T> T reading(CharSequence key, Supplier<T> read) {
    return reading(key, read, read);
  }

  /**
   * Runs a read of the record under {@code key}; if a change of the key overlapped it, the read
   * is done again by {@code reread}, which must not reuse anything {@code read} took from the
   * store: that change may have freed it.
   */
  <T> T reading(CharSequence key, Supplier<T> read, Supplier<T> reread);

  /**
   * Runs a scan: {@code optimistic}, whose reads of records take no guard of their own, if no
   * change could have overlapped it, else {@code guarded}, whose reads each go through {@link
   * #reading}. {@code guarded} must not reuse anything {@code optimistic} took from the store.
   */
  <T> T scanning(Supplier<T> optimistic, Supplier<T> guarded);

  /** Runs a scan whose reads need no guard of their own, as a volatile store's do. */
  default <T> T scanning(Supplier<T> scan) {
    return scanning(scan, scan);
  }

  /** Runs a change of the record under {@code key}, alone among the changes to that key. */
  <T> T changing(CharSequence key, Supplier<T> change);
}
