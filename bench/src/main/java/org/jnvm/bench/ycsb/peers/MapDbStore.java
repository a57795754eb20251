package org.jnvm.bench.ycsb.peers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.jnvm.bench.ycsb.store.StoreSizing;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.mapdb.BTreeMap;
import org.mapdb.DB;
import org.mapdb.DBMaker;
import org.mapdb.Serializer;

/**
 * Records in a MapDB B-tree (ordered, so it scans) in a memory-mapped file, with the write-ahead
 * log on and a commit after every change: MapDB's durable configuration.
 *
 * <p>The load phase, which no figure measures, commits once per {@value #LOAD_BATCH} inserts,
 * because each commit writes a new WAL file. Committed one by one, 100,000 inserts took 36 s
 * here; 3M would take 18 minutes or more.
 */
final class MapDbStore extends BytesMapStore {
  private static final String FILE = "mapdb.db";
  static final int LOAD_BATCH = 10_000;

  private final DB db;
  private final BTreeMap<String, byte[]> records;
  private final AtomicLong uncommitted = new AtomicLong();
  private volatile boolean bulk;

  private MapDbStore(DB db, BTreeMap<String, byte[]> records) {
    super(records);
    this.db = db;
    this.records = records;
  }

  static MapDbStore open(Path directory, StoreSizing sizing) {
    DB db =
        DBMaker.fileDB(directory.resolve(FILE).toFile())
            .fileMmapEnable()
            // Zero-filling each new stretch of the mapped file only guards against a SIGBUS when the
            // disk is full; the WAL and its sync on commit, which make changes durable, stay on.
            .fileMmapPreclearDisable()
            .transactionEnable()
            .make();
    return new MapDbStore(db, db.treeMap("usertable", Serializer.STRING, Serializer.BYTE_ARRAY).createOrOpen());
  }

  /** Commits MapDB's one transaction: the change is in the synced WAL when this returns. */
  @Override
  void changed() {
    if (!bulk || uncommitted.incrementAndGet() % LOAD_BATCH == 0) {
      db.commit();
    }
  }

  @Override
  public void bulkLoad(boolean on) {
    bulk = on;
    if (!on) {
      db.commit();
    }
  }

  @Override
  public List<YcsbRecord> scan(String startKey, int count, Set<String> fields) {
    List<YcsbRecord> found = new ArrayList<>(count);
    Iterator<byte[]> values = records.tailMap(startKey, true).values().iterator();
    while (found.size() < count && values.hasNext()) {
      found.add(YcsbRecord.decodeOwning(values.next(), fields));
    }
    return found;
  }

  @Override
  public void close() {
    db.close();
  }
}
