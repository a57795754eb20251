package org.jnvm.bench;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.jnvm.PObject;
import org.jnvm.pdt.PConcurrentHashMap;
import org.jnvm.pdt.PHashMap;
import org.jnvm.pdt.PSkipListMap;
import org.jnvm.pdt.PString;
import org.jnvm.pdt.PTreeMap;
import org.jnvm.pdt.Policy;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The map a pdt map benchmark works on: a persistent map of one kind ({@code jnvm}, under a root
 * of the {@link PdtData} heap) or the {@code java.util} map it stands in for ({@code java}), filled
 * with every key mapped to its first value once the trial starts.
 */
@State(Scope.Thread)
public abstract class PdtMaps {
  @Param({"hash", "tree", "skiplist", "concurrenthash"})
  public String map;

  @Param({"jnvm", "java"})
  public String side;

  /** The persistent map's caching policy; the java side ignores it. */
  @Param({"CACHED"})
  public String policy;

  /** The heap's persistence backend: {@code clwb}, durable; {@code none} only to tell costs apart. */
  @Param({"clwb"})
  public String backend;

  PdtData data;
  Map<PString, PString> target;
  /** Counts the calls; {@link PdtData#key(int)} turns it into a key. */
  int cursor;

  @Setup(Level.Trial)
  public void open() {
    data = new PdtData(map + "-" + side, backend, entries());
    target = create();
    fill();
    filled();
    // Both sides start from a collected heap, not from wherever the last young collection left
    // the live objects. Without this, HashMap put at 1M keys gave 3.1 to 5.1 ops/us across forks
    // of the same code; with it, 2.8 to 3.7 across the runs of one day: narrower, still noisy.
    System.gc();
  }

  /** How many keys the data has; a subclass with a size parameter returns it. */
  int entries() {
    return PdtData.ENTRIES;
  }

  /** What a subclass does once the map was first filled. */
  void filled() {}

  void fill() {
    for (int i = 0; i < data.entries; i++) {
      target.put(data.keys[i], data.values[i]);
    }
  }

  private Map<PString, PString> create() {
    boolean jnvm = switch (side) {
      case "jnvm" -> true;
      case "java" -> false;
      default -> throw new IllegalArgumentException("side " + side);
    };
    Policy p = Policy.valueOf(policy);
    Map<PString, PString> m =
        switch (map) {
          case "hash" -> jnvm ? new PHashMap<>(data.heap, p) : new HashMap<>();
          case "tree" -> jnvm ? new PTreeMap<>(data.heap, p) : new TreeMap<>();
          case "skiplist" -> jnvm ? new PSkipListMap<>(data.heap, p) : new ConcurrentSkipListMap<>();
          case "concurrenthash" -> jnvm ? new PConcurrentHashMap<>(data.heap, p) : new ConcurrentHashMap<>();
          default -> throw new IllegalArgumentException("map " + map);
        };
    if (jnvm) {
      data.heap.roots().put("map", (PObject) m);
    }
    return m;
  }

  @TearDown(Level.Trial)
  public void close() {
    data.close();
  }
}
