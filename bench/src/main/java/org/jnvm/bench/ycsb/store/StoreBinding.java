package org.jnvm.bench.ycsb.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.function.Function;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A YCSB binding for one store: turns YCSB's calls into {@link RecordStore} calls and their
 * outcome into YCSB statuses. The table name is ignored: YCSB's workloads use one table.
 *
 * <p>The store's files live in the directory named by the property {@value #STORE_DIR_PROPERTY}.
 * The store opens when YCSB hands the binding its properties: YCSB's client does that before it
 * starts its clock, whereas {@link #init()} runs inside the measured time. All bindings of a
 * process share one store, closed by the last {@link #cleanup()}. A process uses one configuration
 * of a binding per directory: the store shared is the first one opened there.
 */
public abstract class StoreBinding extends DB {
  /** The YCSB property naming the directory of the store's files. */
  public static final String STORE_DIR_PROPERTY = "store.dir";

  private final String label;
  private final Function<Properties, StoreOpener> opener;
  private SharedStores.Lease lease;
  private DBException openFailure;
  private boolean failureReported;

  protected StoreBinding(String label, StoreOpener opener) {
    this(label, properties -> opener);
  }

  /** For a store whose configuration comes from YCSB's properties: {@code opener} reads them. */
  protected StoreBinding(String label, Function<Properties, StoreOpener> opener) {
    this.label = label;
    this.opener = opener;
  }

  /** The store and the configuration measured, with what it does and does not make durable. */
  public final String label() {
    return label;
  }

  @Override
  public void setProperties(Properties properties) {
    super.setProperties(properties);
    open();
  }

  @Override
  public void init() throws DBException {
    open();
    if (openFailure != null) {
      throw openFailure;
    }
  }

  @Override
  public void cleanup() throws DBException {
    if (lease != null) {
      try {
        lease.release();
      } catch (IOException | RuntimeException e) {
        throw new DBException(getClass().getSimpleName() + " could not close its store: " + e, e);
      }
    }
  }

  private void open() {
    if (lease != null || openFailure != null) {
      return;
    }
    String directory = getProperties().getProperty(STORE_DIR_PROPERTY);
    if (directory == null) {
      openFailure = new DBException(getClass().getSimpleName() + " needs the YCSB property " + STORE_DIR_PROPERTY + ", the directory of its files");
      return;
    }
    try {
      lease = SharedStores.acquire(getClass().getName(), Path.of(directory), StoreSizing.of(getProperties()), opener.apply(getProperties()));
    } catch (IOException | RuntimeException e) {
      openFailure = new DBException(getClass().getSimpleName() + " could not open its store in " + directory + ": " + e, e);
    } catch (LinkageError e) {
      // What a peer throws when the JVM lacks the exports and opens it needs.
      openFailure = new DBException(getClass().getSimpleName() + " could not load its store (does the java command line have the flags of bench/ycsb/peer-jvm-flags?): " + e, e);
    }
  }

  /** See {@link RecordStore#bulkLoad}: the runner's switch around YCSB's load phase. */
  public final void bulkLoad(boolean on) {
    store().bulkLoad(on);
  }

  private RecordStore store() {
    if (lease == null) {
      throw new IllegalStateException("the store is not open: no " + STORE_DIR_PROPERTY + " property was given, or opening failed");
    }
    return lease.store();
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      Optional<YcsbRecord> record = store().read(key, fields);
      record.ifPresent(r -> r.copyTo(result));
      return record.isPresent() ? Status.OK : Status.NOT_FOUND;
    } catch (RuntimeException e) {
      return failed("read", key, e);
    }
  }

  /** {@link Status#NOT_IMPLEMENTED} for a store without key order (see {@link RecordStore#scans}). */
  @Override
  @SuppressWarnings("NonApiType") // YCSB's signature
  public Status scan(String table, String startKey, int recordCount, Set<String> fields, Vector<HashMap<String, ByteIterator>> result) {
    try {
      if (!store().scans()) {
        return Status.NOT_IMPLEMENTED;
      }
      List<YcsbRecord> records = store().scan(startKey, recordCount, fields);
      for (YcsbRecord record : records) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        record.copyTo(row);
        result.add(row);
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("scan", startKey, e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      return store().update(key, YcsbRecord.of(values)) ? Status.OK : Status.NOT_FOUND;
    } catch (RuntimeException e) {
      return failed("update", key, e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      store().insert(key, YcsbRecord.of(values));
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("insert", key, e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      return store().delete(key) ? Status.OK : Status.NOT_FOUND;
    } catch (RuntimeException e) {
      return failed("delete", key, e);
    }
  }

  /**
   * YCSB counts failed operations by status; the first failure's cause is printed too, once per
   * binding, so that a run full of errors says why without printing each one.
   */
  private Status failed(String operation, String key, RuntimeException e) {
    if (!failureReported) {
      failureReported = true;
      System.err.println(getClass().getSimpleName() + ": " + operation + " of " + key + " failed (later failures are only counted): " + e);
      e.printStackTrace();
    }
    return Status.ERROR;
  }
}
