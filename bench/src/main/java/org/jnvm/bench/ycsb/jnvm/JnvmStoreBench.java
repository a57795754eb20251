package org.jnvm.bench.ycsb.jnvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.jnvm.bench.BenchEnv;
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
 * left the cache. An update sets one field, as workload A's do. Run it from two builds with {@code
 * bench/jmh-pair}, for example:
 *
 * <pre>
 * bench/jmh-pair --rounds 2 before.jar after.jar JnvmStoreBench.update -p records=100000
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class JnvmStoreBench {
  /** YCSB's default value length, which {@link StoreSizing#of} sizes the heap for. */
  private static final int VALUE_BYTES = Integer.parseInt(CoreWorkload.FIELD_LENGTH_PROPERTY_DEFAULT);
  /** Workload E's mean scan: its lengths are uniform from 1 to 100. */
  private static final int SCAN_LENGTH = 50;

  @State(Scope.Thread)
  public static class Loaded {
    @Param("100000")
    int records;

    /** Whose store: jnvm-pdt's ({@link PdtStore}) or jnvm-fa's ({@link FaStore}). */
    @Param("jnvm-pdt")
    String store;

    /** The heap's backend ({@link JnvmConfig#PERSISTENCE_PROPERTY}): none shows what write-back costs. */
    @Param("clwb")
    String persistence;

    /** The pdt map ({@link JnvmConfig#MAP_PROPERTY}): {@link #scan} needs an ordered one, skiplist. */
    @Param("concurrenthash")
    String map;

    Path directory;
    PMapStore<?> opened;
    String[] keys;
    YcsbRecord change;
    int cursor;

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
        default -> throw new IllegalArgumentException("store is jnvm-pdt or jnvm-fa, not " + store);
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

    /** The next key, spelled afresh as a YCSB client's is. */
    String nextKey() {
      String key = keys[cursor];
      cursor = cursor + 1 == keys.length ? 0 : cursor + 1;
      return new String(key.toCharArray());
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
      opened.close();
      BenchEnv.deleteTree(directory);
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
}
