package org.jnvm.bench.ycsb.jnvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.bench.BenchEnv;
import org.jnvm.bench.ycsb.store.RecordStore;
import org.jnvm.bench.ycsb.store.StoreSizing;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.jnvm.bench.ycsb.store.YcsbRecord.Slice;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;

/**
 * A diagnostic for paired runs of two builds, in no report: jnvm-pdt's store (or jnvm-fa's)
 * alone, without the YCSB client, whose own work and this host's drift hide a change of a few
 * percent in a binding. Records of ten 100-byte values, as YCSB's, looked up by keys spelled as
 * YCSB's and taken in a shuffled order, so that each operation finds its record where the last one
 * left the cache. An update sets one field, as workload A's do. With {@code -t 2}, {@code
 * update}, {@code read} and {@code scan} give each thread a store of its own, and the {@code
 * shared} ones run all the threads on one store, as YCSB's client threads do. Run it from two
 * builds with {@code bench/jmh-pair}, for example:
 *
 * <pre>
 * bench/jmh-pair --rounds 2 before.jar after.jar JnvmStoreBench.update -p records=100000
 * </pre>
 *
 * <p>{@code -p store=volatile,jnvm-pdt} runs volatile's store beside jnvm-pdt's, to tell what the
 * store itself costs against the baseline, with the client left out as YCSB cannot leave it.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
// The fork's Java heap is set up as a YCSB child's (YcsbReport.childJvm): fixed, touched before the
// first iteration, on transparent huge pages. On the JVM's defaults the measured code kept faulting
// fresh Java heap in, at several microseconds a fault on this host: at 100,000 records, read on the
// skip list took 9 to 16 µs per operation with the defaults and 3.0 to 4.5 µs with these flags, and a
// scan of 50 records 320 to 446 µs against 31 to 45 µs (either flag alone, pre-touching or huge
// pages, removed most of it). Prepended, so that bench/jmh-pair's -jvmArgsAppend keeps them.
@Fork(value = 1, jvmArgsPrepend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch", "-XX:+UseTransparentHugePages"})
public class JnvmStoreBench {
  /** YCSB's default value length, which {@link StoreSizing#of} sizes the heap for. */
  private static final int VALUE_BYTES = Integer.parseInt(CoreWorkload.FIELD_LENGTH_PROPERTY_DEFAULT);
  /** Workload E's mean scan: its lengths are uniform from 1 to 100. */
  private static final int SCAN_LENGTH = 50;

  /**
   * A loaded store, with the keys of its records in a shuffled order. The scope here is JMH's
   * condition for parameters; each subclass gives its own.
   */
  @State(Scope.Thread)
  public abstract static class Store {
    @Param("100000")
    int records;

    /**
     * Whose store: jnvm-pdt's ({@link PdtStore}), jnvm-fa's ({@link FaStore}), or volatile's ({@link
     * VolatileStore}, records on the Java heap), the baseline to run beside them.
     */
    @Param("jnvm-pdt")
    String store;

    /** The heap's backend ({@link JnvmConfig#PERSISTENCE_PROPERTY}): none shows what write-back costs. */
    @Param("clwb")
    String persistence;

    /** The pdt map ({@link JnvmConfig#MAP_PROPERTY}): {@link #scan} needs an ordered one, skiplist. */
    @Param("concurrenthash")
    String map;

    Path directory;
    RecordStore opened;
    String[] keys;
    YcsbRecord change;

    @Setup(Level.Trial)
    public void load() throws IOException {
      directory = Files.createTempDirectory(BenchEnv.shmDir(), "jnvm-store-bench");
      Properties properties = new Properties();
      properties.setProperty(Client.RECORD_COUNT_PROPERTY, Integer.toString(records));
      properties.setProperty(JnvmConfig.PERSISTENCE_PROPERTY, persistence);
      properties.setProperty(JnvmConfig.MAP_PROPERTY, map);
      JnvmConfig config = JnvmConfig.of(properties);
      StoreSizing sizing = StoreSizing.of(properties);
      FieldNames names = FieldNames.of(properties);
      opened = switch (store) {
        case "jnvm-pdt" -> new PdtStore(config, directory, sizing, names);
        case "jnvm-fa" -> new FaStore(config, directory, sizing, names);
        case "volatile" -> new VolatileStore(config);
        default -> throw new IllegalArgumentException("store is jnvm-pdt, jnvm-fa or volatile, not " + store);
      };
      Random random = new Random(11);
      keys = new String[records];
      for (int i = 0; i < records; i++) {
        keys[i] = "user" + (random.nextLong() & Long.MAX_VALUE);
        opened.insert(keys[i], record(random, FieldNames.COUNT));
      }
      for (int i = records - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        String k = keys[i];
        keys[i] = keys[j];
        keys[j] = k;
      }
      change = record(random, 1);
    }

    /** A record of the first {@code fields} fields, random values. */
    private static YcsbRecord record(Random random, int fields) {
      String[] names = new String[fields];
      Slice[] values = new Slice[fields];
      for (int i = 0; i < fields; i++) {
        byte[] value = new byte[VALUE_BYTES];
        random.nextBytes(value);
        names[i] = CoreWorkload.FIELD_NAME_PREFIX_DEFAULT + (fields == 1 ? 7 : i);
        values[i] = Slice.of(value);
      }
      return YcsbRecord.owning(names, values, fields);
    }

    /** The key at {@code cursor}, spelled afresh as a YCSB client's is. */
    String keyAt(int cursor) {
      return new String(keys[cursor].toCharArray());
    }

    int after(int cursor) {
      return cursor + 1 == keys.length ? 0 : cursor + 1;
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
      opened.close();
      BenchEnv.deleteTree(directory);
    }
  }

  /** A store of each benchmark thread's own. */
  @State(Scope.Thread)
  public static class Loaded extends Store {
    private int cursor;

    /** The next key of this thread's walk through the shuffled keys. */
    String nextKey() {
      String key = keyAt(cursor);
      cursor = after(cursor);
      return key;
    }
  }

  /**
   * One store for all the benchmark threads, as the YCSB client's threads share one: for telling
   * what two threads cost each other in one heap from what each costs alone ({@code -t 2} against
   * {@code -t 1}, and against {@link Loaded}, whose threads have a heap each).
   */
  @State(Scope.Benchmark)
  public static class Shared extends Store {
    /** How many threads have started a walk: each starts at its own part of the keys. */
    private final AtomicInteger walkers = new AtomicInteger();
  }

  /** A thread's walk through the keys of the {@link Shared} store. */
  @State(Scope.Thread)
  public static class Walk {
    private int cursor;

    @Setup(Level.Trial)
    public void start(Shared s) {
      // Half the keys apart, so that two threads do not take the same keys at the same time.
      cursor = (int) ((long) s.walkers.getAndIncrement() * s.keys.length / 2 % s.keys.length);
    }

    String nextKey(Shared s) {
      String key = s.keyAt(cursor);
      cursor = s.after(cursor);
      return key;
    }
  }

  @Benchmark
  public boolean update(Loaded s) {
    return s.opened.update(s.nextKey(), s.change);
  }

  @Benchmark
  public Optional<YcsbRecord> read(Loaded s) {
    return s.opened.read(s.nextKey(), null);
  }

  /** A scan of {@link #SCAN_LENGTH} records, all fields, from a key taken as the others are. */
  @Benchmark
  public List<YcsbRecord> scan(Loaded s) {
    return s.opened.scan(s.nextKey(), SCAN_LENGTH, null);
  }

  @Benchmark
  public boolean sharedUpdate(Shared s, Walk w) {
    return s.opened.update(w.nextKey(s), s.change);
  }

  @Benchmark
  public Optional<YcsbRecord> sharedRead(Shared s, Walk w) {
    return s.opened.read(w.nextKey(s), null);
  }

  /** Workload F's read-modify-write: a record read whole, then one of its fields updated. */
  @Benchmark
  public boolean sharedReadModifyWrite(Shared s, Walk w) {
    String key = w.nextKey(s);
    return s.opened.read(key, null).isPresent() && s.opened.update(key, s.change);
  }
}
