package org.jnvm.bench.ycsb.jnvm;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.jnvm.PObject;
import org.jnvm.bench.ycsb.store.RecordStore;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.jnvm.heap.Heap;
import org.jnvm.pdt.NavigableMapView;
import org.jnvm.pdt.PMap;
import org.jnvm.pdt.PString;

/**
 * Records in a pdt map under a root of a jnvm heap, keyed by {@code PString}s. What a record is
 * ({@code V}) and how it changes is the subclass's. The map publishes each change with one atomic
 * reference update, and the store fences after it, so that every change is durable when it
 * returns.
 *
 * <p>YCSB gives {@code String} keys. Every operation looks the map up with a {@link
 * PString#probe}, which makes nothing persistent; a scan does so to find its first key. Only an
 * insert of a new key stores a {@code PString}. Changes hold the {@link Guard} for their key, so
 * that an insert that finds no record can put one without another change of its key between.
 */
abstract class PMapStore<V extends PObject> implements RecordStore {
  static final String ROOT = "usertable";

  private final Heap heap;
  private final PMap<PString, V> records;
  private final Guard guard;
  private final boolean ordered;

  PMapStore(Heap heap, JnvmConfig config) {
    this.heap = heap;
    this.records = rootMap(heap, config);
    // Reads lock their key: a change frees the value it replaces, which a read must not be using.
    this.guard = config.map().guard(true);
    this.ordered = config.map().ordered();
  }

  @SuppressWarnings("unchecked") // the root holds a map of this store's making
  private static <V extends PObject> PMap<PString, V> rootMap(Heap heap, JnvmConfig config) {
    PMap<PString, V> map = heap.roots().get(ROOT, config.map().persistentType());
    if (map == null) {
      map = config.map().persistent(heap, config.policy());
      heap.roots().put(ROOT, map);
    }
    return map;
  }

  final Heap heap() {
    return heap;
  }

  /** A new record holding {@code record}'s fields, not yet published. */
  abstract V create(YcsbRecord record);

  /** The fields of {@code stored} in {@code fields}, all if null. */
  abstract YcsbRecord read(V stored, Set<String> fields);

  /**
   * The record with {@code changes}' fields set: {@code stored} itself, changed in place and
   * durably, or a new record, not yet published, that replaces it.
   */
  abstract V changed(V stored, YcsbRecord changes);

  /** Frees a record that no map references any more, with whatever it alone references. */
  abstract void free(V stored);

  @Override
  public final Optional<YcsbRecord> read(String key, Set<String> fields) {
    return guard.reading(key, () -> readIfPresent(records.get(PString.probe(key)), fields));
  }

  private Optional<YcsbRecord> readIfPresent(V stored, Set<String> fields) {
    return stored == null ? Optional.empty() : Optional.of(read(stored, fields));
  }

  @Override
  public final boolean scans() {
    return ordered;
  }

  @Override
  public final List<YcsbRecord> scan(String startKey, int count, Set<String> fields) {
    if (!ordered) {
      throw new UnsupportedOperationException("a hash map has no key order to scan in");
    }
    // The first try reads each record as it finds it; if a change overlapped the scan, the second
    // reads each under its key's guard. A pdt map's entry reads its value when first asked, then
    // keeps it: if a change of the key overlapped that read, the value may be the one the change
    // freed, so the read done again looks the key up afresh. A removed key reads null.
    return guard.scanning(() -> walk(startKey, count, entry -> readIfPresent(entry.getValue(), fields)), () -> walk(startKey, count, entry -> {
      PString key = entry.getKey();
      return guard.reading(key, () -> readIfPresent(entry.getValue(), fields), () -> readIfPresent(records.get(key), fields));
    }));
  }

  /** Up to {@code count} records, from the least key at or after {@code startKey} on, each as {@code read} reads it. */
  private List<YcsbRecord> walk(String startKey, int count, Function<Map.Entry<PString, V>, Optional<YcsbRecord>> read) {
    List<YcsbRecord> found = new ArrayList<>(count);
    // The map finds its own first key by a probe; the range view then searches again for it,
    // along a path the first search has just brought into the cache.
    NavigableMapView<PString, V> sorted = (NavigableMapView<PString, V>) records;
    PString first = sorted.ceilingKey(PString.probe(startKey));
    if (first != null) {
      Iterator<Map.Entry<PString, V>> entries = sorted.tailMap(first, true).entrySet().iterator();
      while (found.size() < count && entries.hasNext()) {
        read.apply(entries.next()).ifPresent(found::add);
      }
    }
    return found;
  }

  @Override
  public final void insert(String key, YcsbRecord record) {
    durably(key, unlinked -> {
      // The guard keeps the key's other changes out, so a key the probe does not find is still
      // absent when it is put, and the map then holds no key equal to the new PString.
      if (replace(key, stored -> create(record), unlinked) == null) {
        records.put(PString.of(heap, key), create(record));
      }
      return null;
    });
  }

  @Override
  public final boolean update(String key, YcsbRecord changes) {
    return durably(key, unlinked -> replace(key, stored -> changed(stored, changes), unlinked) != null);
  }

  @Override
  public final boolean delete(String key) {
    return durably(key, unlinked -> {
      // Removing by the probe hands over the map's own key, to free with the record.
      records.computeIfPresent(PString.probe(key), (mapped, stored) -> {
        unlinked.key = mapped;
        unlinked.record = stored;
        return null;
      });
      return unlinked.record != null;
    });
  }

  /**
   * The record of {@code key} after {@code next} made it from the stored one, or null if the key
   * has none. One lookup, by a probe and under the map's key lock; a record that {@code next}
   * replaces is {@code unlinked}.
   */
  private V replace(String key, UnaryOperator<V> next, Unlinked<V> unlinked) {
    return records.computeIfPresent(PString.probe(key), (mapped, stored) -> {
      V now = next.apply(stored);
      if (now != stored) {
        unlinked.record = stored;
      }
      return now;
    });
  }

  /** What one change took out of the map, to free once the change is durable. */
  private static final class Unlinked<V> {
    V record;
    PString key;
  }

  /**
   * Runs a change under its key's guard, then waits until it is durable: a pdt change is ordered
   * when it returns but durable only at the thread's next fence, and YCSB counts an operation
   * done when the binding returns, as the peers' commits do. Only then does it free the record
   * and key the change unlinked: a free writes the object's header back without a fence, so
   * before the change is durable the invalid header could reach memory first, and recovery would
   * then clear the map's reference to it and lose the key (the crash campaign's {@code cow}
   * scenarios). A crash after the change and before the free leaves them unreachable, for the
   * recovery GC. The key's guard is not needed for the free: no read can reach what the map no
   * longer references.
   */
  private <T> T durably(String key, Function<Unlinked<V>, T> change) {
    Unlinked<V> unlinked = new Unlinked<>();
    T result = guard.changing(key, () -> change.apply(unlinked));
    heap.psync();
    if (unlinked.record != null) {
      free(unlinked.record);
    }
    if (unlinked.key != null) {
      heap.free(unlinked.key);
    }
    return result;
  }

  @Override
  public final void close() {
    heap.close();
  }
}
