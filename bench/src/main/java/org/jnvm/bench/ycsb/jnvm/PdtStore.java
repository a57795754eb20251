package org.jnvm.bench.ycsb.jnvm;

import java.nio.file.Path;
import java.util.Set;
import org.jnvm.bench.ycsb.store.StoreSizing;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.jnvm.pdt.PBytes;

/**
 * jnvm-pdt: each record is one {@code PBytes} holding its ten values (a {@link PackedRecord}),
 * the value of a pdt map, as the paper lays a record out (one object of about 1 KB, 21.2% of its
 * blocks lost to headers and fragmentation, §5.3.5). An update is copy-on-write: a new record with
 * the changed values, swapped in with the map's one atomic update, then the old one freed. No
 * failure-atomic block is needed.
 *
 * <p>One object a record, rather than an array of one object a value, because a read is then one
 * header check and one copy of adjacent blocks, not ten chains of dependent cache misses.
 */
final class PdtStore extends PMapStore<PBytes> {
  private final FieldNames names;

  PdtStore(JnvmConfig config, Path directory, StoreSizing sizing, FieldNames names) {
    super(config.openHeap(directory, "jnvm-pdt", sizing), config);
    this.names = names;
  }

  @Override
  PBytes create(YcsbRecord record) {
    return PackedRecord.pack(heap(), names.slots(record));
  }

  @Override
  YcsbRecord read(PBytes stored, Set<String> fields) {
    return names.read(PackedRecord.of(stored)::slot, fields);
  }

  @Override
  PBytes changed(PBytes stored, YcsbRecord changes) {
    return PackedRecord.of(stored).updated(heap(), names.slots(changes));
  }

  @Override
  void free(PBytes stored) {
    heap().free(stored);
  }
}
