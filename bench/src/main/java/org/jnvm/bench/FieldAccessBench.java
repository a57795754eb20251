package org.jnvm.bench;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.memory.Memory;
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
 * Benchmark 1: a read and a write of a long field through a hand-written accessor ({@link
 * BenchNode#getValue()}, {@link BenchNode#setValue(long)}) and through a processor-generated one
 * ({@link BenchCellProxy}), against raw Unsafe loads and stores ({@link Memory#getLong}, {@link
 * Memory#putLong}, which are {@code sun.misc.Unsafe}'s) at the same address, and against the field
 * of a plain Java object; and, to tell the proxy's one extra load from jnvm's checks, against raw
 * Unsafe at an address kept in a plain Java object ({@link AddressCell}). Heap on /dev/shm, backend none: accessors never flush, so only the
 * proxy's indirection and checks are measured.
 *
 * <p>{@code faBefore} says whether a failure-atomic block ran in the JVM before the measurement.
 * Accessors use their direct access to the master block while their thread is not inside a block;
 * until the first block starts that test folds to a constant, after it the accessor loads the count
 * of threads in blocks in its own thread's slot, and asks whether its own thread is one only when
 * that is not 0 ({@code Handle.directAccessAllowed()}).
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
  /** A plain Java object with the same field: the on-heap baseline. */
  static final class PlainCell {
    long value;
  }

  /**
   * The field's address kept in a plain Java object, as a proxy keeps its base: raw Unsafe behind
   * the same one load a proxy adds, without jnvm's checks. A diagnostic, not a baseline.
   */
  static final class AddressCell {
    long address;
  }

  @Param({"false", "true"})
  public boolean faBefore;

  private Path file;
  private Heap heap;
  private BenchNode node;
  private BenchCell proxy;
  private PlainCell plain;
  private AddressCell held;
  private long address;
  private long proxyAddress;
  private long next;

  @Setup(Level.Trial)
  public void setUp() {
    BenchEnv.quietLogs();
    file = BenchEnv.newHeapFile(BenchEnv.shmDir(), "field");
    heap = Heap.create(file, HeapConfig.ofSize(16L << 20).persistence("none"));
    node = new BenchNode(heap, 42);
    address = node.handle().address(BenchNode.VALUE, 8);
    proxy = Construction.inHeap(heap, BenchCellProxy::new);
    proxy.setValue(42);
    proxyAddress = proxy.handle().address(BenchCellProxy.OFFSET_VALUE, 8);
    plain = new PlainCell();
    plain.value = 42;
    held = new AddressCell();
    held.address = address;
    if (faBefore) {
      FailureAtomic.run(() -> proxy.setValue(proxy.getValue()));
    }
    BenchEnv.note("field.backend", heap.persistence().description());
    BenchEnv.note("field.dir", BenchEnv.shmDir() + " (" + BenchEnv.fsType(BenchEnv.shmDir()) + ")");
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    if (node.getValue() != Memory.getLong(address) || proxy.getValue() != Memory.getLong(proxyAddress)) {
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

  @Benchmark
  public long readRawHeld() {
    return Memory.getLong(held.address);
  }

  @Benchmark
  public void writeRawHeld() {
    Memory.putLong(held.address, next++);
  }

  @Benchmark
  public long readProxy() {
    return proxy.getValue();
  }

  @Benchmark
  public long readPlain() {
    return plain.value;
  }

  @Benchmark
  public void writeProxy() {
    proxy.setValue(next++);
  }

  @Benchmark
  public void writePlain() {
    plain.value = next++;
  }
}
