package org.jnvm.bench.ycsb.jnvm;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * YCSB binding that keeps nothing, to measure the client's own cost: what it takes to choose
 * operations, keys and fields and to make values. It reads each value it is handed once, as every
 * real binding must (YCSB makes random values lazily, as they are read), and answers every call OK
 * with nothing found. A binding's time per operation minus this one's is the store's own.
 */
public final class BlackholeBinding extends DB {
  /** What the report prints for this binding. */
  public static final String LABEL = "blackhole (keeps nothing: the client's own cost)";

  /** Makes the values' bytes escape, so that the JIT cannot drop their generation. */
  private long consumed;

  private Status consume(Map<String, ByteIterator> values) {
    for (ByteIterator value : values.values()) {
      consumed += value.toArray().length;
    }
    return Status.OK;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return Status.OK;
  }

  @Override
  @SuppressWarnings({"JdkObsolete", "NonApiType"}) // YCSB's signature
  public Status scan(String table, String startKey, int recordCount, Set<String> fields, Vector<HashMap<String, ByteIterator>> result) {
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return consume(values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return consume(values);
  }

  @Override
  public Status delete(String table, String key) {
    return Status.OK;
  }

  /** The bytes of every value handed in so far. */
  public long consumed() {
    return consumed;
  }
}
