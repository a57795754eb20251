package org.jnvm.bench;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
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
 * Benchmark 2: {@code new Wide256(heap)} then {@code heap.free(x)}, a one-block (256 B) object,
 * against {@code new Plain256()}, a 256-byte Java object. Both objects are returned, so neither is
 * eliminated.
 *
 * <p>The free writes the header back (a CLWB on the clwb backend) without a fence; the block joins
 * the thread's limbo and becomes reusable only after the thread's next pfence. Nothing here calls
 * pfence: the heap does, once every {@code BlockAllocator.LIMBO_LIMIT} (4096) frees, and that fence
 * plus the release of 4096 blocks to the free queue is part of the measured cost. In steady state
 * every allocation reuses a freed block, so it zeroes 256 bytes; the Java allocation zeroes too.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 8, time = 1)
@Fork(1)
public class AllocFreeBench {

  /** A heap on /dev/shm with the given backend. */
  @State(Scope.Thread)
  public static class PHeap {
    @Param({"none", "clwb"})
    public String backend;

    private Path file;
    Heap heap;

    @Setup(Level.Trial)
    public void setUp() {
      BenchEnv.quietLogs();
      file = BenchEnv.newHeapFile(BenchEnv.shmDir(), "alloc-" + backend);
      heap = Heap.create(file, HeapConfig.ofSize(64L << 20).persistence(backend));
      BenchEnv.note("alloc." + backend + ".backend", heap.persistence().description());
      BenchEnv.note("alloc.dir", BenchEnv.shmDir() + " (" + BenchEnv.fsType(BenchEnv.shmDir()) + ")");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      // Bounded use: at most two limbo loads of blocks were ever in flight.
      BenchEnv.note("alloc." + backend + ".bumpBlocks", Long.toString(heap.bumpPointer() - heap.geometry().firstDataBlock()));
      heap.close();
      BenchEnv.delete(file);
    }
  }

  @Benchmark
  public Wide256 allocFree(PHeap s) {
    Wide256 x = new Wide256(s.heap);
    s.heap.free(x);
    return x;
  }

  @Benchmark
  public Object plainNew() {
    return new Plain256();
  }
}
