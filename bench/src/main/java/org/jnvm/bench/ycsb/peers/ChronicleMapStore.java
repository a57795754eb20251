package org.jnvm.bench.ycsb.peers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import net.openhft.chronicle.map.ChronicleMap;
import org.jnvm.bench.ycsb.store.StoreSizing;
import org.jnvm.bench.ycsb.store.YcsbRecord;

/**
 * Records in a Chronicle Map persisted to a file. A hash map: it has no key order, so no scan.
 * Its changes land in a shared memory-mapped file and nothing ever syncs it: they survive the
 * process but not a power failure.
 */
final class ChronicleMapStore extends BytesMapStore {
  private static final String FILE = "chronicle.map";

  /** Room over the expected entries, as Chronicle Map fixes its capacity when the file is created. */
  private static final double HEADROOM = 1.1;

  /** If the workload inserts more than expected anyway, Chronicle Map may grow up to this factor (slower, but it keeps working). */
  private static final double MAX_BLOAT = 2.0;

  private final ChronicleMap<String, byte[]> records;

  private ChronicleMapStore(ChronicleMap<String, byte[]> records) {
    super(records);
    this.records = records;
  }

  static ChronicleMapStore open(Path directory, StoreSizing sizing) throws IOException {
    ChronicleMap<String, byte[]> records =
        ChronicleMap.of(String.class, byte[].class)
            .name("usertable")
            .averageKey(sizing.sampleKey())
            .averageValueSize(sizing.recordBytes())
            .entries((long) Math.ceil(sizing.entries() * HEADROOM))
            .maxBloatFactor(MAX_BLOAT)
            .createPersistedTo(directory.resolve(FILE).toFile());
    return new ChronicleMapStore(records);
  }

  /** Nothing: Chronicle Map has no sync, the mapped file's pages reach the disk when the kernel writes them back. */
  @Override
  void changed() {}

  @Override
  public boolean scans() {
    return false;
  }

  @Override
  public List<YcsbRecord> scan(String startKey, int count, Set<String> fields) {
    throw new UnsupportedOperationException("Chronicle Map is a hash map: it has no key order to scan in");
  }

  @Override
  public void close() {
    records.close();
  }
}
