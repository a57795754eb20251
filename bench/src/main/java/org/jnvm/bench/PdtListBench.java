package org.jnvm.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jnvm.pdt.PArrayList;
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
 * {@link PArrayList} against {@link ArrayList}, holding the same published strings: {@link #get}
 * and {@link #set} at random indexes of a list of {@link PdtData#ENTRIES} elements (throughput),
 * and {@link #add} at the end, a batch of {@link #BATCH} adds per shot into a list emptied before
 * it ({@code SingleShotTime}), growing from nothing as an {@code ArrayList} made with {@code new}
 * does. {@code set} is the atomic update of one element; {@code add} stores the element, writes it
 * back, fences, then stores and writes back the size.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PdtListBench {
  static final int BATCH = PdtData.ENTRIES;

  /** A list of one side, persistent or volatile. */
  @State(Scope.Thread)
  public static class Lists {
    @Param({"jnvm", "java"})
    public String side;

    PdtData data;
    List<PString> list;
    int cursor;

    @Setup(Level.Trial)
    public void setUp() {
      data = new PdtData("list-" + side);
      list = newList();
      for (int i = 0; i < PdtData.ENTRIES; i++) {
        list.add(data.values[i]);
      }
    }

    /** An empty list: a persistent one under a root, or an {@code ArrayList}. */
    List<PString> newList() {
      switch (side) {
        case "jnvm" -> {
          PArrayList<PString> p = new PArrayList<>(data.heap);
          data.heap.roots().put("list", p);
          return p;
        }
        case "java" -> {
          return new ArrayList<>();
        }
        default -> throw new IllegalArgumentException("side " + side);
      }
    }

    @Setup(Level.Iteration)
    public void rewind() {
      cursor = 0;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      data.close();
    }
  }

  /** A list emptied before each shot, for {@link #add}. */
  @State(Scope.Thread)
  public static class Growing extends Lists {
    @Setup(Level.Iteration)
    public void drop() {
      if (list instanceof PArrayList<?> p) {
        p.clear(); // drops the element array: the next adds grow it again
      } else {
        list = new ArrayList<>();
      }
    }
  }

  @Benchmark
  public PString get(Lists s) {
    return s.list.get(s.data.key(s.cursor++));
  }

  @Benchmark
  public PString set(Lists s) {
    int c = s.cursor++;
    return s.list.set(s.data.key(c), s.data.value(c));
  }

  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  @Warmup(iterations = 10, batchSize = BATCH)
  @Measurement(iterations = 10, batchSize = BATCH)
  public boolean add(Growing s) {
    return s.list.add(s.data.values[s.cursor++ & (PdtData.ENTRIES - 1)]);
  }
}
