package org.jnvm.bench.ycsb.jnvm;

import java.nio.file.Path;
import java.util.Properties;
import java.util.Set;
import org.jnvm.bench.ycsb.store.StoreSizing;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.jnvm.bench.ycsb.store.YcsbRecord.Slice;
import org.jnvm.proxy.Construction;
import org.jnvm.proxy.InlineBytes;
import site.ycsb.workloads.CoreWorkload;

/**
 * jnvm-fa: each record is a {@link FaRecord}, one persistent object that holds its ten values, in
 * a pdt map. An update changes the record in place, in one failure-atomic block whose redo log
 * holds the new values, where jnvm-pdt writes a new value to a spare slot of its record and
 * switches one word to it. YCSB's field {@code field<i>} is the record's field i.
 */
final class FaStore extends PMapStore<FaRecord> {
  /** Where each field's value lies in a record, by field. */
  private static final long[] VALUE_OFFSETS = {
    FaRecordProxy.OFFSET_VALUE0, FaRecordProxy.OFFSET_VALUE1, FaRecordProxy.OFFSET_VALUE2,
    FaRecordProxy.OFFSET_VALUE3, FaRecordProxy.OFFSET_VALUE4, FaRecordProxy.OFFSET_VALUE5,
    FaRecordProxy.OFFSET_VALUE6, FaRecordProxy.OFFSET_VALUE7, FaRecordProxy.OFFSET_VALUE8,
    FaRecordProxy.OFFSET_VALUE9,
  };

  private final FieldNames names;

  FaStore(JnvmConfig config, Path directory, StoreSizing sizing, FieldNames names) {
    super(config.openHeap(directory, "jnvm-fa", sizing), config);
    this.names = names;
  }

  /** Refuses a workload whose values could outgrow a record's fields, before any record is written. */
  static void checkFieldLength(Properties properties) {
    int length = FieldNames.of(properties).valueLength();
    if (length > FaRecord.CAPACITY) {
      throw new IllegalArgumentException("jnvm-fa's records hold values of up to " + FaRecord.CAPACITY + " bytes, and "
          + CoreWorkload.FIELD_LENGTH_PROPERTY + " is " + length + ": set it to " + FaRecord.CAPACITY + " or less");
    }
  }

  @Override
  FaRecord create(YcsbRecord record) {
    byte[][] values = names.slots(record);
    return Construction.inHeap(heap(), () -> FaRecordProxy.create(values));
  }

  @Override
  YcsbRecord read(FaRecord stored, Set<String> fields) {
    if (fields != null) {
      return names.read(i -> Slice.ofNullable(stored.get(i)), fields);
    }
    // A whole record, as YCSB's scans and reads ask: one copy of its whole payload, whose values
    // YCSB gets as they lie in it, where a getter per field made ten copies and ten arrays.
    return names.read(new SnapshotValues(InlineBytes.snapshot(stored, 0, (int) FaRecordProxy.SIZE)), null);
  }

  /** A record's values as one copy of its payload holds them. */
  private record SnapshotValues(InlineBytes.Snapshot copy) implements YcsbRecord.Values {
    @Override
    public byte[] array(int i) {
      return copy.array();
    }

    @Override
    public int offset(int i) {
      return copy.offset(VALUE_OFFSETS[i]);
    }

    @Override
    public int length(int i) {
      return copy.length(VALUE_OFFSETS[i], FaRecord.CAPACITY);
    }
  }

  @Override
  FaRecord changed(FaRecord stored, YcsbRecord changes) {
    int[] indexes = new int[changes.size()];
    byte[][] values = new byte[indexes.length][];
    int[] at = {0};
    changes.forEachValue(
        (name, value) -> {
          indexes[at[0]] = names.index(name);
          values[at[0]++] = value;
        });
    stored.replace(indexes, values);
    return stored;
  }

  @Override
  void free(FaRecord stored) {
    heap().free(stored);
  }
}
