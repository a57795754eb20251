package org.jnvm.bench.ycsb.jnvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.jnvm.bench.BenchEnv;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.pdt.PByteRecord;
import org.jnvm.proxy.Construction;
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

/**
 * A diagnostic, in no report: one durable update of one 100-byte value of a YCSB record, made the
 * way each jnvm binding makes it, on the same record every time. Without the map, the key guard
 * and the misses of reaching a record, what is left is each path's own work and its write-backs
 * and fences (on JDK 17, whose write-back evicts the lines it writes, each update also misses on
 * the lines the previous one wrote back); with {@code persistence=none}, its own work alone.
 *
 * <ul>
 *   <li>{@link #failureAtomic}: jnvm-fa's, {@link FaRecord#replace} of one field, a failure-atomic
 *       block that copies the field's block, logs it and commits with three fences;
 *   <li>{@link #spareSlot}: jnvm-pdt's, {@link PByteRecord#set} (the value to a spare slot, a
 *       fence, one word switched to it) and the store's {@link Heap#psync}: two fences;
 *   <li>{@link #inPlace}: the low-level interface, the value stored over the old one, its lines
 *       written back, one fence; durable, but a crash can leave the value half written.
 * </ul>
 *
 * For example, {@code java -jar bench/target/benchmarks.jar RecordUpdateBench} (with the
 * {@code --add-exports} and {@code --add-opens} flags of the README), or {@code bench/jmh-pair}
 * with two builds.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class RecordUpdateBench {
  /** The field every update changes, as YCSB's pick one of ten; {@link #inPlace} names it too. */
  private static final int FIELD = 3;

  /** The heap's backend: none shows each path's work without write-backs and fences. */
  @Param({"clwb", "none"})
  public String persistence;

  private Path directory;
  private Heap heap;
  private FaRecordProxy faRecord;
  private PByteRecord pdtRecord;
  private final byte[] value = new byte[FaRecord.CAPACITY];
  private final int[] fields = {FIELD};
  private final byte[][] values = {value};

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    directory = Files.createTempDirectory(BenchEnv.shmDir(), "jnvm-record-update");
    HeapConfig config = HeapConfig.ofSize(64L << 20).persistence(persistence);
    heap = Heap.create(directory.resolve("records.heap"), config);
    byte[][] initial = new byte[FaRecord.FIELDS][];
    Arrays.setAll(initial, i -> new byte[FaRecord.CAPACITY]);
    faRecord = (FaRecordProxy) Construction.inHeap(heap, () -> FaRecordProxy.create(initial));
    heap.roots().put("fa", faRecord);
    pdtRecord = PByteRecord.of(heap, FaRecord.CAPACITY, initial);
    heap.roots().put("pdt", pdtRecord);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    heap.close();
    BenchEnv.deleteTree(directory);
  }

  @Benchmark
  public void failureAtomic() {
    value[0]++;
    faRecord.replace(fields, values);
  }

  @Benchmark
  public void spareSlot() {
    value[0]++;
    pdtRecord.set(FIELD, value);
    heap.psync();
  }

  @Benchmark
  public void inPlace() {
    value[0]++;
    // FIELD's own accessors: the generated proxy has one per field, not one by index.
    faRecord.setValue3(value);
    faRecord.pwbValue3();
    heap.pfence();
  }
}
