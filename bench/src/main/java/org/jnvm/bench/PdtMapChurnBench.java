package org.jnvm.bench;

import java.util.concurrent.TimeUnit;
import org.jnvm.pdt.PString;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code put} of an absent key ({@link #insert}) and {@code remove} of a present one ({@link
 * #remove}) on a persistent map and its {@code java.util} counterpart. Neither can run in a steady
 * state on its own, so each JMH shot is a batch of {@link #BATCH} calls ({@code SingleShotTime}):
 * inserting every key into the emptied map, or removing every key from the refilled map, in the
 * same random order on both sides. Emptying or refilling runs before each shot, outside it. The map
 * was filled and emptied once before the first shot, so no shot grows its table or slot array.
 * Removal frees the pair, not the key or the value ({@code Map.remove}).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 10, batchSize = PdtMapChurnBench.BATCH)
@Measurement(iterations = 10, batchSize = PdtMapChurnBench.BATCH)
@Fork(1)
public class PdtMapChurnBench {
  static final int BATCH = PdtData.ENTRIES;

  /** An empty map before each shot. */
  public static class Empty extends PdtMaps {
    @Override
    void filled() {
      target.clear();
    }

    @Setup(Level.Iteration)
    public void empty() {
      target.clear();
      cursor = 0;
    }
  }

  /** A full map before each shot. */
  public static class Full extends PdtMaps {
    @Override
    void filled() {
      target.clear();
    }

    @Setup(Level.Iteration)
    public void refill() {
      if (!target.isEmpty()) {
        throw new IllegalStateException("the last shot left " + target.size() + " entries");
      }
      fill();
      cursor = 0;
    }
  }

  @Benchmark
  public PString insert(Empty s) {
    int c = s.cursor++;
    return s.target.put(s.data.keys[s.data.key(c)], s.data.values[s.data.key(c)]);
  }

  @Benchmark
  public PString remove(Full s) {
    return s.target.remove(s.data.keys[s.data.key(s.cursor++)]);
  }
}
