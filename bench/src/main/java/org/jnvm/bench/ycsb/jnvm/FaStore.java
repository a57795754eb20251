package org.jnvm.bench.ycsb.jnvm;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jnvm.bench.ycsb.store.StoreSizing;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.jnvm.pdt.PString;
import org.jnvm.proxy.Construction;

/**
 * jnvm-fa: each record is a {@link FaRecord}, one persistent object of ten values, in a pdt map.
 * An update changes the record in place, in one failure-atomic block: unlike jnvm-pdt, it writes
 * only the fields it carries. YCSB's field {@code field<i>} is the record's field i.
 */
final class FaStore extends PMapStore<FaRecord> {
  private final String fieldPrefix;

  private FaStore(JnvmConfig config, Path directory, StoreSizing sizing, String fieldPrefix) {
    super(config.openHeap(directory, "jnvm-fa", sizing), config);
    this.fieldPrefix = fieldPrefix;
  }

  static FaStore open(JnvmConfig config, Path directory, StoreSizing sizing, String fieldPrefix) {
    return new FaStore(config, directory, sizing, fieldPrefix);
  }

  private int index(String field) {
    if (field.startsWith(fieldPrefix)) {
      try {
        int index = Integer.parseInt(field.substring(fieldPrefix.length()));
        if (index >= 0 && index < FaRecord.FIELDS) {
          return index;
        }
      } catch (NumberFormatException e) {
        // not a field of ours: said below
      }
    }
    throw new IllegalArgumentException("jnvm-fa records hold the fields " + fieldPrefix + "0 to " + fieldPrefix + (FaRecord.FIELDS - 1) + ", not " + field);
  }

  @Override
  FaRecord create(YcsbRecord record) {
    byte[][] values = new byte[FaRecord.FIELDS][];
    record.fields().forEach((name, value) -> values[index(name)] = value);
    return Construction.inHeap(heap(), () -> FaRecordProxy.create(heap(), values));
  }

  @Override
  YcsbRecord read(FaRecord stored, Set<String> fields) {
    Map<String, byte[]> values = new LinkedHashMap<>();
    for (int i = 0; i < FaRecord.FIELDS; i++) {
      String name = fieldPrefix + i;
      if (fields == null || fields.contains(name)) {
        var value = stored.get(i);
        if (value != null) {
          values.put(name, value.toByteArray());
        }
      }
    }
    return YcsbRecord.ofFields(values);
  }

  @Override
  void change(PString key, FaRecord stored, YcsbRecord changes) {
    int[] indexes = new int[changes.fields().size()];
    byte[][] values = new byte[indexes.length][];
    int i = 0;
    for (Map.Entry<String, byte[]> field : changes.fields().entrySet()) {
      indexes[i] = index(field.getKey());
      values[i++] = field.getValue();
    }
    stored.replace(indexes, values);
  }

  @Override
  void free(FaRecord stored) {
    stored.freeWithValues();
  }
}
