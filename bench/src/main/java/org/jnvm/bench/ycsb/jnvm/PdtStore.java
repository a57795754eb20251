package org.jnvm.bench.ycsb.jnvm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 */
final class PdtStore extends PMapStore<PArray<PBytes>> {
  private final FieldNames names;

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
    return names.read(stored::get, fields);
  }

  @Override
  void change(PString key, PArray<PBytes> stored, YcsbRecord changes) {
    List<PBytes> next = new ArrayList<>(FieldNames.COUNT);
    for (int i = 0; i < FieldNames.COUNT; i++) {
      next.add(stored.get(i));
    }
    List<PBytes> replaced = new ArrayList<>();
    for (Map.Entry<String, byte[]> field : changes.fields().entrySet()) {
      int slot = names.index(field.getKey());
      PBytes old = next.set(slot, PBytes.of(heap(), field.getValue()));
      if (old != null) {
        replaced.add(old);
      }
    }
    replace(key, PArray.of(heap(), next));
    // A crash before these frees leaves them unreachable: the recovery GC frees them.
    heap().free(stored);
    replaced.forEach(heap()::free);
  }

  @Override
  void free(PArray<PBytes> stored) {
    for (int i = 0; i < stored.length(); i++) {
      PBytes value = stored.get(i);
      if (value != null) {
        heap().free(value);
      }
    }
    heap().free(stored);
  }
}
