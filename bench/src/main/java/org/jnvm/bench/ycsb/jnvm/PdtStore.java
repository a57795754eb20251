package org.jnvm.bench.ycsb.jnvm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jnvm.bench.ycsb.store.StoreSizing;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.jnvm.pdt.PArray;
import org.jnvm.pdt.PBytes;
import org.jnvm.pdt.PString;

/**
 * jnvm-pdt: each record is a {@code PArray} of ten {@code PBytes}, one per field, the value of a pdt
 * map. An update is copy-on-write: a new array that shares the unchanged values and holds new ones
 * for the fields changed, swapped in with the map's one atomic update; then the old array and the
 * values it alone held are freed. No failure-atomic block is needed, and an update writes only what
 * it changes plus an array of ten references.
 *
 * <p>Since a published array never changes, the store keeps its value proxies once a read has made
 * them, as the map's CACHED policy keeps the arrays' own: a later read makes no proxy. An array's
 * entry goes before the array is freed, under its key's guard, so a block reused at the same offset
 * never finds the proxies of the array it held before.
 */
final class PdtStore extends PMapStore<PArray<PBytes>> {
  private final FieldNames names;
  /** The value proxies of each published array, by the array's heap offset. */
  private final Map<Long, PBytes[]> valueProxies = new ConcurrentHashMap<>();

  private PdtStore(JnvmConfig config, Path directory, StoreSizing sizing, FieldNames names) {
    super(config.openHeap(directory, "jnvm-pdt", sizing), config);
    this.names = names;
  }

  static PdtStore open(JnvmConfig config, Path directory, StoreSizing sizing, FieldNames names) {
    return new PdtStore(config, directory, sizing, names);
  }

  @Override
  PArray<PBytes> create(YcsbRecord record) {
    byte[][] values = names.slots(record);
    List<PBytes> slots = new ArrayList<>(FieldNames.COUNT);
    for (byte[] value : values) {
      slots.add(value == null ? null : PBytes.of(heap(), value));
    }
    return PArray.of(heap(), slots);
  }

  @Override
  YcsbRecord read(PArray<PBytes> stored, Set<String> fields) {
    PBytes[] proxies = proxiesOf(stored);
    return names.read(i -> proxies[i], fields);
  }

  private PBytes[] proxiesOf(PArray<PBytes> stored) {
    return valueProxies.computeIfAbsent(stored.handle().offset(), offset -> elements(stored));
  }

  private static PBytes[] elements(PArray<PBytes> stored) {
    PBytes[] proxies = new PBytes[FieldNames.COUNT];
    for (int i = 0; i < proxies.length; i++) {
      proxies[i] = stored.get(i);
    }
    return proxies;
  }

  @Override
  void change(PString key, PArray<PBytes> stored, YcsbRecord changes) {
    List<PBytes> next = new ArrayList<>(Arrays.asList(proxiesOf(stored)));
    List<PBytes> replaced = new ArrayList<>();
    for (Map.Entry<String, byte[]> field : changes.fields().entrySet()) {
      int slot = names.index(field.getKey());
      PBytes old = next.set(slot, PBytes.of(heap(), field.getValue()));
      if (old != null) {
        replaced.add(old);
      }
    }
    PArray<PBytes> array = PArray.of(heap(), next);
    replace(key, array);
    valueProxies.remove(stored.handle().offset());
    valueProxies.put(array.handle().offset(), next.toArray(new PBytes[0]));
    // A crash before these frees leaves them unreachable: the recovery GC frees them.
    heap().free(stored);
    replaced.forEach(heap()::free);
  }

  @Override
  void free(PArray<PBytes> stored) {
    PBytes[] proxies = proxiesOf(stored);
    valueProxies.remove(stored.handle().offset());
    for (PBytes value : proxies) {
      if (value != null) {
        heap().free(value);
      }
    }
    heap().free(stored);
  }
}
