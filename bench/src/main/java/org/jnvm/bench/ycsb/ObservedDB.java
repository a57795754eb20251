package org.jnvm.bench.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A binding that passes every call on to another and shows each operation's outcome to {@link
 * #observed}: what the runner times and the tests check.
 */
public abstract class ObservedDB extends DB {
  private final DB db;

  protected ObservedDB(DB db) {
    this.db = db;
  }

  /**
   * Sees one operation once {@code db} has returned {@code status}; {@code startNanos} is
   * {@link System#nanoTime()} from just before the call. Returns the status to give YCSB.
   */
  protected abstract Status observed(String operation, String key, long startNanos, Status status);

  @Override
  public void init() throws DBException {
    db.init();
  }

  @Override
  public void cleanup() throws DBException {
    db.cleanup();
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    long start = System.nanoTime();
    return observed("read", key, start, db.read(table, key, fields, result));
  }

  @Override
  @SuppressWarnings({"JdkObsolete", "NonApiType"}) // YCSB's signature
  public Status scan(String table, String startKey, int count, Set<String> fields, Vector<HashMap<String, ByteIterator>> result) {
    long start = System.nanoTime();
    return observed("scan", startKey, start, db.scan(table, startKey, count, fields, result));
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    long start = System.nanoTime();
    return observed("update", key, start, db.update(table, key, values));
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    long start = System.nanoTime();
    return observed("insert", key, start, db.insert(table, key, values));
  }

  @Override
  public Status delete(String table, String key) {
    long start = System.nanoTime();
    return observed("delete", key, start, db.delete(table, key));
  }
}
