package org.jnvm.bench.ycsb.peers;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jnvm.bench.ycsb.store.RecordStore;
import org.jnvm.bench.ycsb.store.StoreSizing;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.lmdbjava.Cursor;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.GetOp;
import org.lmdbjava.Txn;

/**
 * Records in LMDB through lmdbjava, with its default environment flags: every write transaction's
 * commit syncs the data file (no MDB_NOSYNC, MDB_NOMETASYNC or MDB_WRITEMAP). One transaction per
 * operation; a scan walks a cursor. LMDB keeps keys in byte order, which for YCSB's ASCII keys is
 * their string order.
 */
final class LmdbStore implements RecordStore {
  private static final String SUBDIRECTORY = "lmdb";

  /**
   * The map size is the most the file may grow to. LMDB needs room beyond the records for its
   * B-tree pages and the copies a write transaction makes; the file is sparse, so room costs
   * nothing until used.
   */
  private static final long ROOM_PER_RECORD_BYTE = 4;
  private static final long MIN_MAP_BYTES = 256L << 20;

  private final Env<ByteBuffer> env;
  private final Dbi<ByteBuffer> records;

  /** Keys go to LMDB in direct buffers; each client thread has its own. */
  private final ThreadLocal<ByteBuffer> keyBuffer;

  private LmdbStore(Env<ByteBuffer> env) {
    this.env = env;
    this.records = env.openDbi("usertable", DbiFlags.MDB_CREATE);
    int maxKeyBytes = env.getMaxKeySize();
    this.keyBuffer = ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(maxKeyBytes));
  }

  static LmdbStore open(Path directory, StoreSizing sizing) throws IOException {
    Path files = Files.createDirectories(directory.resolve(SUBDIRECTORY));
    long mapBytes = Math.max(MIN_MAP_BYTES, sizing.entries() * (sizing.recordBytes() + sizing.sampleKey().length()) * ROOM_PER_RECORD_BYTE);
    return new LmdbStore(Env.create().setMapSize(mapBytes).setMaxDbs(1).open(files.toFile()));
  }

  private ByteBuffer key(String key) {
    byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
    ByteBuffer buffer = keyBuffer.get();
    if (bytes.length > buffer.capacity()) {
      throw new IllegalArgumentException("LMDB keys have at most " + buffer.capacity() + " bytes: " + key);
    }
    buffer.clear();
    buffer.put(bytes).flip();
    return buffer;
  }

  @Override
  public Optional<YcsbRecord> read(String key, Set<String> fields) {
    try (Txn<ByteBuffer> txn = env.txnRead()) {
      // The value buffer points into the map and is valid only inside the transaction: decode here.
      return Optional.ofNullable(records.get(txn, key(key))).map(value -> YcsbRecord.decode(value, fields));
    }
  }

  @Override
  public List<YcsbRecord> scan(String startKey, int count, Set<String> fields) {
    List<YcsbRecord> found = new ArrayList<>(count);
    try (Txn<ByteBuffer> txn = env.txnRead();
        Cursor<ByteBuffer> cursor = records.openCursor(txn)) {
      boolean positioned = cursor.get(key(startKey), GetOp.MDB_SET_RANGE);
      while (positioned && found.size() < count) {
        found.add(YcsbRecord.decode(cursor.val(), fields));
        positioned = cursor.next();
      }
    }
    return found;
  }

  @Override
  public void insert(String key, YcsbRecord record) {
    try (Txn<ByteBuffer> txn = env.txnWrite()) {
      write(txn, key(key), record);
      txn.commit();
    }
  }

  @Override
  public boolean update(String key, YcsbRecord changes) {
    // LMDB has one write transaction at a time: the read, merge and write are atomic.
    try (Txn<ByteBuffer> txn = env.txnWrite()) {
      ByteBuffer keyBytes = key(key);
      ByteBuffer old = records.get(txn, keyBytes);
      if (old == null) {
        return false;
      }
      write(txn, keyBytes, YcsbRecord.decodeAll(old).with(changes));
      txn.commit();
      return true;
    }
  }

  /** Encodes straight into the space LMDB reserves for the value, sparing a copy. */
  private void write(Txn<ByteBuffer> txn, ByteBuffer key, YcsbRecord record) {
    record.writeTo(records.reserve(txn, key, record.encodedSize()));
  }

  @Override
  public boolean delete(String key) {
    try (Txn<ByteBuffer> txn = env.txnWrite()) {
      boolean deleted = records.delete(txn, key(key));
      txn.commit();
      return deleted;
    }
  }

  @Override
  public void close() {
    env.close();
  }
}
