package org.jnvm.bench.ycsb.jnvm;

import java.nio.file.Path;
import java.util.Set;
import org.jnvm.bench.ycsb.store.StoreSizing;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.jnvm.pdt.PByteRecord;

/**
 * jnvm-pdt: each record is one {@link PByteRecord} of its ten values, the value of a pdt map: one
 * object of about 1 KB, as the paper lays a record out (§5.3.5), so that a read is one header
 * check and one copy of adjacent blocks, not ten chains of dependent cache misses. An update of
 * one field, YCSB's, replaces it in place without a log: the record writes the value to its spare
 * slot and switches one word to it, which writes back the value's two or three lines and the
 * word's, where a copy-on-write of the whole record read the old one and wrote back about twenty
 * (a count of 20.5 per update, 2026-12-02). An update that does not fit (several fields, or a value
 * longer than the record's capacity) is a copy-on-write: a new record, swapped in with the map's
 * one atomic update, then the old one freed. No failure-atomic block is needed either way.
 */
final class PdtStore extends PMapStore<PByteRecord> {
  private final FieldNames names;

  PdtStore(JnvmConfig config, Path directory, StoreSizing sizing, FieldNames names) {
    super(config.openHeap(directory, "jnvm-pdt", sizing), config);
    this.names = names;
  }

  @Override
  PByteRecord create(YcsbRecord record) {
    byte[][] values = names.slots(record);
    int capacity = names.valueLength();
    for (byte[] value : values) {
      capacity = value == null ? capacity : Math.max(capacity, value.length);
    }
    return PByteRecord.of(heap(), capacity, values);
  }

  @Override
  YcsbRecord read(PByteRecord stored, Set<String> fields) {
    return names.read(new SnapshotValues(stored.snapshot()), fields);
  }

  /** A record's values as its snapshot holds them, slices of one array. */
  private record SnapshotValues(PByteRecord.Snapshot copy) implements YcsbRecord.Values {
    @Override
    public byte[] array(int i) {
      return copy.array();
    }

    @Override
    public int offset(int i) {
      return copy.offset(i);
    }

    @Override
    public int length(int i) {
      return copy.length(i);
    }
  }

  @Override
  PByteRecord changed(PByteRecord stored, YcsbRecord changes) {
    byte[][] changed = names.slots(changes);
    int only = onlyChange(changed);
    if (only >= 0 && stored.fits(changed[only])) {
      stored.set(only, changed[only]);
      return stored;
    }
    return stored.with(heap(), changed);
  }

  /** The one slot {@code changed} has a value for, or -1 if it has several. */
  private static int onlyChange(byte[][] changed) {
    int only = -1;
    for (int i = 0; i < changed.length; i++) {
      if (changed[i] != null) {
        if (only >= 0) {
          return -1;
        }
        only = i;
      }
    }
    return only;
  }

  @Override
  void free(PByteRecord stored) {
    heap().free(stored);
  }
}
