package org.jnvm.bench;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.memory.Memory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Benchmark 1: a read and a write of a long field through a hand-written accessor ({@link
 * BenchNode#getValue()}, {@link BenchNode#setValue(long)}) against raw Unsafe loads and stores
 * ({@link Memory#getLong}, {@link Memory#putLong}, which are {@code sun.misc.Unsafe}'s) at the same
 * address. Heap on /dev/shm, backend none: accessors never flush, so only the proxy's indirection
 * and bounds check are measured.
 *
 * <p>Reads return the value (JMH consumes it); writes store a counter that changes on every call.
 * The address, the proxy and the counter are non-final state fields, so nothing folds to a
 * constant, and JMH's loop reads a volatile flag per call, so no load is hoisted out of it.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(1)
@State(Scope.Thread)
public class FieldAccessBench {
  private Path file;
  private Heap heap;
  private BenchNode node;
  private long address;
  private long next;

  @Setup(Level.Trial)
  public void setUp() {
    BenchEnv.quietLogs();
    file = BenchEnv.newHeapFile(BenchEnv.shmDir(), "field");
    heap = Heap.create(file, HeapConfig.ofSize(16L << 20).persistence("none"));
    node = new BenchNode(heap, 42);
    address = node.handle().address(BenchNode.VALUE, 8);
    BenchEnv.note("field.backend", heap.persistence().description());
    BenchEnv.note("field.dir", BenchEnv.shmDir() + " (" + BenchEnv.fsType(BenchEnv.shmDir()) + ")");
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    if (node.getValue() != Memory.getLong(address)) {
      throw new IllegalStateException("accessor and raw address disagree");
    }
    heap.close();
    BenchEnv.delete(file);
  }

  @Benchmark
  public long readAccessor() {
    return node.getValue();
  }

  @Benchmark
  public long readRaw() {
    return Memory.getLong(address);
  }

  @Benchmark
  public void writeAccessor() {
    node.setValue(next++);
  }

  @Benchmark
  public void writeRaw() {
    Memory.putLong(address, next++);
  }
}
