package org.jnvm.bench;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jnvm.fa.FailureAtomic;
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
 * Failure-atomic updates against the same updates done with the low-level interface (store, pwb
 * of each line written, one pfence), on a valid, rooted object of three blocks:
 *
 * <ul>
 *   <li>one field: one store;
 *   <li>ten fields spread over the object's three blocks.
 * </ul>
 *
 * Both are durable when the operation returns. The failure-atomic path copies each block it
 * writes, logs the copies, and commits with four fences (see org.jnvm.fa.Transaction).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 8, time = 1)
@Fork(1)
@State(Scope.Thread)
public class FailureAtomicBench {
  /** Ten fields over three 256 B blocks: 32 longs per block. */
  static final int[] TEN = {0, 9, 18, 27, 32, 41, 50, 59, 64, 80};

  @Param({"clwb"})
  public String faBackend;

  private Path file;
  private Heap heap;
  private Wide720 object;
  private long value;

  @Setup(Level.Trial)
  public void setUp() {
    BenchEnv.quietLogs();
    file = BenchEnv.newHeapFile(BenchEnv.shmDir(), "fa-" + faBackend);
    heap = Heap.create(file, HeapConfig.ofSize(64L << 20).persistence(faBackend));
    object = new Wide720(heap);
    object.pwb();
    heap.roots().put("object", object);
    BenchEnv.note("fa." + faBackend + ".backend", heap.persistence().description());
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    heap.close();
    BenchEnv.delete(file);
  }

  @Benchmark
  public void oneFieldLowLevel() {
    object.set(0, ++value);
    object.pwbField(0);
    heap.pfence();
  }

  @Benchmark
  public void oneFieldFailureAtomic() {
    FailureAtomic.start();
    boolean done = false;
    try {
      object.set(0, ++value);
      done = true;
    } finally {
      if (done) {
        FailureAtomic.end();
      } else {
        FailureAtomic.abort();
      }
    }
  }

  @Benchmark
  public void tenFieldsLowLevel() {
    long v = ++value;
    for (int i : TEN) {
      object.set(i, v);
      object.pwbField(i);
    }
    heap.pfence();
  }

  @Benchmark
  public void tenFieldsFailureAtomic() {
    FailureAtomic.start();
    boolean done = false;
    try {
      long v = ++value;
      for (int i : TEN) {
        object.set(i, v);
      }
      done = true;
    } finally {
      if (done) {
        FailureAtomic.end();
      } else {
        FailureAtomic.abort();
      }
    }
  }
}
