package org.jnvm.bench;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.memory.Memory;
import org.jnvm.persist.Persistence;
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
 * writes, logs the copies with the lines written in each, and, since it allocates nothing, commits
 * with three fences, writing back for one field four lines (see org.jnvm.fa.Transaction).
 *
 * <p>{@link #oneFieldFlushFloor()} is that commit's flushing alone, with no bookkeeping: the floor
 * of a sealed redo-log commit of one field, to compare with the low-level path's one line and
 * one fence.
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
  private long copyLine;
  private long logLine;
  private long fieldLine;

  @Setup(Level.Trial)
  public void setUp() {
    BenchEnv.quietLogs();
    file = BenchEnv.newHeapFile(BenchEnv.shmDir(), "fa-" + faBackend);
    heap = Heap.create(file, HeapConfig.ofSize(64L << 20).persistence(faBackend));
    object = new Wide720(heap);
    object.pwb();
    heap.roots().put("object", object);
    Wide720 scratch = new Wide720(heap); // stands for an in-flight copy (its first block) and a log (its second)
    copyLine = scratch.handle().address(0, 8);
    logLine = scratch.handle().address(256, 8);
    fieldLine = object.handle().address(0, 8);
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

  /**
   * The stores, write-backs and fences of a sealed one-field commit, on the lines it uses: the
   * copy's line and the log's first line, fence; the original's line, fence; the log's first line
   * to empty it, fence.
   */
  @Benchmark
  public void oneFieldFlushFloor() {
    long v = ++value;
    Persistence p = heap.persistence();
    Memory.putLong(copyLine, v);
    p.pwb(copyLine);
    Memory.putLong(logLine, v);
    p.pwb(logLine);
    p.pfence();
    Memory.putLong(fieldLine, v);
    p.pwb(fieldLine);
    p.pfence();
    Memory.putLong(logLine, -v);
    p.pwb(logLine);
    p.pfence();
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
