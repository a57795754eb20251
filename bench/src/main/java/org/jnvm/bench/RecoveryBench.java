package org.jnvm.bench;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.recovery.RecoveryMode;
import org.jnvm.recovery.RecoveryReport;
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
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Benchmark 4: the time of {@link Heap#open} (recovery GC from the roots, and {@link
 * RecoveryMode#NO_GC}'s header scan) of a heap holding {@code objects} live one-block nodes, each
 * referenced from one root array, against one sequential read of the heap's used bytes ({@code
 * bumpPointer() * blockSize}, metadata included) through fresh mappings.
 *
 * <p>The heap is built once per trial on /dev/shm with backend none, closed cleanly, and opened
 * once untimed to check it and to learn the bump pointer recovery sees (the persistent high-water
 * mark, up to a 1 MiB window past the last block handed out). That first open, or first read for
 * {@link #sequentialRead}, runs before any JIT warm-up of the code it exercises; its wall time is
 * reported separately as the cold figure. Each measured iteration is one open (or one read);
 * the heap is closed, checked (every node must be found live) and unmapped outside the
 * measurement.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(1)
@State(Scope.Benchmark)
public class RecoveryBench {
  @Param({"1000000", "10000000"})
  public int objects;

  private Path file;
  private long usedBytes;
  private Heap opened;

  @Setup(Level.Trial)
  public void build(BenchmarkParams params) {
    BenchEnv.quietLogs();
    file = BenchEnv.newHeapFile(BenchEnv.shmDir(), "recovery-" + objects);
    int blockSize = HeapConfig.DEFAULT_BLOCK_SIZE;
    long arrayBlocks = (8 + 8L * objects + blockSize - 1) / blockSize;
    long dataBytes = (objects + arrayBlocks + 4096) * (long) blockSize;
    // Data, plus one header word per block (1/32 of the size), plus room for the metadata.
    long size = dataBytes + dataBytes / 16 + (16L << 20);
    long start = System.nanoTime();
    try (Heap heap = Heap.create(file, HeapConfig.ofSize(size).persistence("none"))) {
      RefTable table = new RefTable(heap, objects);
      for (int i = 0; i < objects; i++) {
        BenchNode n = new BenchNode(heap, i);
        n.validate();
        table.set(i, n);
      }
      table.pwb();
      heap.roots().put("table", table);
    }
    String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
    String key = "recovery." + objects + ".";
    BenchEnv.note(key + method + ".buildMs", Long.toString((System.nanoTime() - start) / 1_000_000));
    BenchEnv.note(key + "heapSize", Long.toString(size));
    BenchEnv.note("recovery.dir", BenchEnv.shmDir() + " (" + BenchEnv.fsType(BenchEnv.shmDir()) + ")");

    RecoveryMode mode = method.equals("openNoGc") ? RecoveryMode.NO_GC : RecoveryMode.GC;
    start = System.nanoTime();
    Heap heap = Heap.open(file, config(mode));
    long openNanos = System.nanoTime() - start;
    usedBytes = heap.bumpPointer() * heap.geometry().blockSize();
    check(heap.recoveryReport(), mode);
    BenchEnv.note("recovery.backend", heap.persistence().description());
    heap.close();
    BenchEnv.note(key + "usedBytes", Long.toString(usedBytes));
    if (method.equals("sequentialRead")) {
      start = System.nanoTime();
      long sum = BenchEnv.sequentialRead(file, usedBytes);
      BenchEnv.note(key + method + ".coldMs", Double.toString((System.nanoTime() - start) / 1e6));
      BenchEnv.note(key + "sum", Long.toString(sum));
    } else {
      BenchEnv.note(key + method + ".coldMs", Double.toString(openNanos / 1e6));
    }
    System.gc();
  }

  private static HeapConfig config(RecoveryMode mode) {
    return HeapConfig.existing().persistence("none").recovery(mode);
  }

  private void check(RecoveryReport r, RecoveryMode mode) {
    if (r.mode() != mode || r.liveObjects() != objects + 1L || r.clearedReferences() != 0) {
      throw new IllegalStateException("unexpected recovery of " + objects + " nodes: " + r);
    }
  }

  @TearDown(Level.Iteration)
  public void closeOpened() {
    if (opened != null) {
      check(opened.recoveryReport(), opened.recoveryReport().mode());
      opened.close();
      opened = null;
    }
    // Lets the collector unmap the mappings of the heaps and reads done so far.
    System.gc();
  }

  @TearDown(Level.Trial)
  public void delete() {
    BenchEnv.delete(file);
  }

  @Benchmark
  public Heap openGc() {
    opened = Heap.open(file, config(RecoveryMode.GC));
    return opened;
  }

  @Benchmark
  public Heap openNoGc() {
    opened = Heap.open(file, config(RecoveryMode.NO_GC));
    return opened;
  }

  @Benchmark
  public long sequentialRead() {
    return BenchEnv.sequentialRead(file, usedBytes);
  }
}
