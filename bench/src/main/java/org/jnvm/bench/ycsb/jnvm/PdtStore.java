package org.jnvm.bench.ycsb.jnvm;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Set;
import org.jnvm.bench.ycsb.store.StoreSizing;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.jnvm.pdt.PBytes;
import org.jnvm.pdt.PString;

/**
 * jnvm-pdt: each record is one {@code PBytes} holding its byte form ({@link YcsbRecord}), the value
 * of a pdt map. An update writes the merged record as a new value, swaps it in with the map's one
 * atomic update and frees the old one: no failure-atomic block is needed.
 */
final class PdtStore extends PMapStore<PBytes> {
  private PdtStore(JnvmConfig config, Path directory, StoreSizing sizing) {
    super(config.openHeap(directory, "jnvm-pdt", sizing), config);
  }

  static PdtStore open(JnvmConfig config, Path directory, StoreSizing sizing) {
    return new PdtStore(config, directory, sizing);
  }

  @Override
  PBytes create(YcsbRecord record) {
    return PBytes.of(heap(), record.toBytes());
  }

  @Override
  YcsbRecord read(PBytes stored, Set<String> fields) {
    return YcsbRecord.decode(ByteBuffer.wrap(stored.toByteArray()), fields);
  }

  @Override
  void change(PString key, PBytes stored, YcsbRecord changes) {
    replace(key, create(read(stored, null).with(changes)));
    // A crash before this free leaves the old value unreachable: the recovery GC frees it.
    heap().free(stored);
  }

  @Override
  void free(PBytes stored) {
    heap().free(stored);
  }
}
