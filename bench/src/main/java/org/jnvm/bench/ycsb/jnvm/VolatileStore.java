package org.jnvm.bench.ycsb.jnvm;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import org.jnvm.bench.ycsb.store.RecordStore;
import org.jnvm.bench.ycsb.store.YcsbRecord;

/**
 * volatile, the upper bound: records as objects on the Java heap, in the {@code java.util} map the
 * configured pdt map stands in for ({@code ConcurrentHashMap} by default). Nothing outlives the
 * process. A record is never changed once stored: an update stores a merged copy, so a read needs
 * no lock beside a change and the collector reclaims what is replaced.
 */
final class VolatileStore implements RecordStore {
  private final Map<String, YcsbRecord> records;
  private final Guard guard;
  private final boolean ordered;

  VolatileStore(JnvmConfig config) {
    this.records = config.map().onHeap();
    this.guard = config.map().guard(false);
    this.ordered = config.map().ordered();
  }

  @Override
  public Optional<YcsbRecord> read(String key, Set<String> fields) {
    return guard.reading(key, () -> Optional.ofNullable(records.get(key)).map(r -> r.select(fields)));
  }

  @Override
  public boolean scans() {
    return ordered;
  }

  @Override
  public List<YcsbRecord> scan(String startKey, int count, Set<String> fields) {
    if (!ordered) {
      throw new UnsupportedOperationException("a hash map has no key order to scan in");
    }
    return guard.scanning(() -> {
      List<YcsbRecord> found = new ArrayList<>(count);
      Iterator<YcsbRecord> values = ((NavigableMap<String, YcsbRecord>) records).tailMap(startKey, true).values().iterator();
      while (found.size() < count && values.hasNext()) {
        found.add(values.next().select(fields));
      }
      return found;
    });
  }

  @Override
  public void insert(String key, YcsbRecord record) {
    guard.changing(key, () -> records.put(key, record));
  }

  @Override
  public boolean update(String key, YcsbRecord changes) {
    return guard.changing(key, () -> records.computeIfPresent(key, (k, old) -> old.with(changes)) != null);
  }

  @Override
  public boolean delete(String key) {
    return guard.changing(key, () -> records.remove(key) != null);
  }

  @Override
  public void close() {
    records.clear();
  }
}
