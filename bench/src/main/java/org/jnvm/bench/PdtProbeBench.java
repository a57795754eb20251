package org.jnvm.bench;

import java.util.concurrent.TimeUnit;
import org.jnvm.pdt.PString;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A diagnostic for paired runs of two builds, in no report: {@code get} by a {@link PString#probe}
 * of the key spelled afresh, as YCSB's bindings look records up, where {@link PdtMapBench#get}
 * passes the map's own key object and so never compares characters. With a million keys each step of a
 * lookup is a cache miss, in the persistent map and in its {@code java.util} counterpart alike:
 * the bucket, the entry, and the key's characters that the probe is compared with. Run it from
 * two builds with {@code bench/jmh-pair}, for example:
 *
 * <pre>
 * bench/jmh-pair --rounds 2 before.jar after.jar PdtProbeBench -p map=concurrenthash -p side=jnvm -p entries=1048576
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PdtProbeBench {
  /** A filled map, as {@link PdtMapBench#get}'s; a get here spells its key afresh, as a YCSB client does. */
  public static class Probed extends PdtMapBench.Filled {
    /** Where {@link #spell} writes a key: {@code user} and ten digits. */
    private final char[] spelling = "user0000000000".toCharArray();

    /**
     * A new string of key {@code i}'s characters, as {@link PdtData} spells them, written digit by
     * digit: the probe and its string are new, in the cache, as YCSB's key string is, and no
     * array of prepared keys adds misses of its own to the lookup.
     */
    String spell(int i) {
      long n = PdtData.keyNumber(i);
      for (int at = spelling.length - 1; at >= 4; at--) {
        spelling[at] = (char) ('0' + n % 10);
        n /= 10;
      }
      return new String(spelling);
    }
  }

  @Benchmark
  @SuppressWarnings("CollectionIncompatibleType") // a probe equals the key it stands for, which is all Map.get asks
  public PString getByProbe(Probed s) {
    return s.target.get(PString.probe(s.spell(s.data.key(s.cursor++))));
  }
}
