package org.jnvm.bench;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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
 * Benchmark 3: one durable store: a long stored into an object's field, {@code pwb} of its cache
 * line and {@code pfence}, through the heap's {@link Persistence} backend, against the store alone
 * on a heap with backend none.
 *
 * <p>The clwb and none heaps are on /dev/shm; the msync heap is on a disk file system ({@value
 * BenchEnv#DISK}, by default java.io.tmpdir), where msync is the way to durability. The patched
 * backend needs a JVM built with hotspot-patch/; {@link CoreReport} adds it to {@code
 * persistBackend} only when it is available.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 8, time = 1)
@Fork(1)
public class PwbPfenceBench {

  /** A one-object heap; the field's address and a changing value to store. */
  public abstract static class Target {
    private Path file;
    Heap heap;
    Persistence persistence;
    long address;
    long next;

    void open(String backend, Path dir) {
      BenchEnv.quietLogs();
      file = BenchEnv.newHeapFile(dir, "pwb-" + backend);
      heap = Heap.create(file, HeapConfig.ofSize(16L << 20).persistence(backend));
      persistence = heap.persistence();
      BenchNode node = new BenchNode(heap, 0);
      address = node.handle().address(BenchNode.VALUE, 8);
      BenchEnv.note("pwb." + backend + ".backend", persistence.description());
      BenchEnv.note("pwb." + backend + ".dir", dir + " (" + BenchEnv.fsType(dir) + ")");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      heap.close();
      BenchEnv.delete(file);
    }
  }

  /** The baseline's heap: backend none on /dev/shm. */
  @State(Scope.Thread)
  public static class StoreOnly extends Target {
    @Setup(Level.Trial)
    public void setUp() {
      open("none", BenchEnv.shmDir());
    }
  }

  /** A heap per backend: msync on the disk directory, the others on /dev/shm. */
  @State(Scope.Thread)
  public static class Durable extends Target {
    @Param({"clwb", "msync", "none"})
    public String persistBackend;

    @Setup(Level.Trial)
    public void setUp() {
      open(persistBackend, persistBackend.equals("msync") ? BenchEnv.diskDir() : BenchEnv.shmDir());
    }
  }

  @Benchmark
  public void store(StoreOnly s) {
    Memory.putLong(s.address, s.next++);
  }

  @Benchmark
  public void storePwbPfence(Durable s) {
    Memory.putLong(s.address, s.next++);
    s.persistence.pwb(s.address);
    s.persistence.pfence();
  }
}
