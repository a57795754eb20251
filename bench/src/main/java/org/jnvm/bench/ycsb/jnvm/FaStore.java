package org.jnvm.bench.ycsb.jnvm;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.jnvm.bench.ycsb.store.StoreSizing;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.jnvm.pdt.PBytes;
import org.jnvm.pdt.PString;
import org.jnvm.proxy.Construction;

/**
 * jnvm-fa: each record is a {@link FaRecord}, one persistent object of ten values, in a pdt map.
 * An update changes the record in place, in one failure-atomic block, where jnvm-pdt copies the
 * record's array of references. YCSB's field {@code field<i>} is the record's field i.
 */
final class FaStore extends PMapStore<FaRecord> {
  private final FieldNames names;

  FaStore(JnvmConfig config, Path directory, StoreSizing sizing, FieldNames names) {
    super(config.openHeap(directory, "jnvm-fa", sizing), config);
    this.names = names;
  }

  @Override
  FaRecord create(YcsbRecord record) {
    byte[][] values = names.slots(record);
    return Construction.inHeap(heap(), () -> FaRecordProxy.create(heap(), values));
  }

  @Override
  YcsbRecord read(FaRecord stored, Set<String> fields) {
    return names.read(i -> {
      PBytes value = stored.get(i);
      return value == null ? null : value.toByteArray();
    }, fields);
  }

  @Override
  void change(PString key, FaRecord stored, YcsbRecord changes) {
    int[] indexes = new int[changes.fields().size()];
    byte[][] values = new byte[indexes.length][];
    int i = 0;
    for (Map.Entry<String, byte[]> field : changes.fields().entrySet()) {
      indexes[i] = names.index(field.getKey());
      values[i++] = field.getValue();
    }
    stored.replace(indexes, values);
  }

  @Override
  void free(FaRecord stored) {
    stored.freeWithValues();
  }
}
