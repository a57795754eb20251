package org.jnvm.bench;

import java.util.concurrent.TimeUnit;
import org.jnvm.pdt.PArray;
import org.jnvm.pdt.PString;
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
 * {@code get} and {@code put} on a persistent map holding {@link Filled#entries} entries (65,536,
 * and 1,048,576, where the {@code java.util} map's own cache misses weigh more), against the
 * {@code java.util} map it stands in for, filled with the same key and value objects. Both
 * visit the keys in the same random order; {@code get} finds every key, {@code put} replaces the
 * value of a present key with its other value. {@link #durableUpdate} is the floor under any
 * durable change: one atomic reference update of a slot of a persistent array ({@code
 * PArray.update}: pfence, store, write-back; the values are published already), with nothing
 * else around it.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PdtMapBench {
  /** A filled map that keeps its entries: get finds them, put replaces their values. */
  public static class Filled extends PdtMaps {
    /** Keys in the map; a power of two. */
    @Param({"65536", "1048576"})
    public int entries;

    @Override
    int entries() {
      return entries;
    }

    @Override
    void filled() {
      if (target.size() != entries) {
        throw new IllegalStateException(map + " holds " + target.size() + " entries");
      }
    }
  }

  /** One slot of a persistent array of references, and the values to store in it. */
  @State(Scope.Thread)
  public static class Slot {
    PdtData data;
    PArray<PString> array;
    int cursor;

    @Setup(Level.Trial)
    public void setUp() {
      data = new PdtData("update");
      array = new PArray<>(data.heap, 1);
      data.heap.roots().put("array", array);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      data.close();
    }
  }

  @Benchmark
  public PString get(Filled s) {
    return s.target.get(s.data.keys[s.data.key(s.cursor++)]);
  }

  @Benchmark
  public PString put(Filled s) {
    int c = s.cursor++;
    return s.target.put(s.data.keys[s.data.key(c)], s.data.value(c));
  }

  @Benchmark
  public void durableUpdate(Slot s) {
    s.array.update(0, s.data.value(s.cursor++));
  }
}
