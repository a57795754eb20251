package org.jnvm.bench.lifecycle;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.pdt.PHashMap;
import org.jnvm.pdt.PLong;
import org.jnvm.pdt.Policy;

/**
 * Times the resurrection of a {@code PHashMap<PLong, PLong>} of many entries under each caching
 * policy: {@code roots().get} of a heap just opened, which attaches the map's proxy and rebuilds its
 * volatile mirror from a scan of the slot array ({@code EAGER} also makes every value proxy).
 * The baseline, timed in the same rounds, is what a volatile program does at least on restart:
 * fill a {@code java.util.HashMap<Long, Long>} with as many entries.
 *
 * <p>The three maps share one heap, and one set of keys and values. Each round opens the heap once
 * per policy, in an order that rotates between rounds, and times the open (the recovery GC) apart.
 */
final class Resurrection {
  /** Nanoseconds per round, for each measured series. */
  record Samples(List<Long> resurrect, List<Long> open) {}

  private final Path file;
  private final String backend;
  private final int entries;

  Resurrection(Path file, String backend, int entries) {
    this.file = file;
    this.backend = backend;
    this.entries = entries;
  }

  /** Creates the heap file with one rooted map per policy. */
  void build(long heapBytes) {
    try (Heap heap = Heap.create(file, HeapConfig.ofSize(heapBytes).persistence(backend))) {
      Map<Policy, PHashMap<PLong, PLong>> maps = new EnumMap<>(Policy.class);
      for (Policy p : Policy.values()) {
        maps.put(p, new PHashMap<>(heap, p));
        heap.roots().put(p.name(), maps.get(p));
      }
      for (int i = 0; i < entries; i++) {
        PLong key = PLong.of(heap, i);
        PLong value = PLong.of(heap, -i);
        for (PHashMap<PLong, PLong> map : maps.values()) {
          map.put(key, value);
        }
      }
    }
  }

  Map<Policy, Samples> measure(int rounds, List<Long> baseline) {
    Map<Policy, Samples> samples = new EnumMap<>(Policy.class);
    for (Policy p : Policy.values()) {
      samples.put(p, new Samples(new ArrayList<>(), new ArrayList<>()));
    }
    Policy[] order = Policy.values();
    for (int round = 0; round < rounds; round++) {
      baseline.add(volatileRebuild());
      for (int k = 0; k < order.length; k++) {
        Policy p = order[(round + k) % order.length];
        resurrectOnce(p, samples.get(p));
      }
    }
    return samples;
  }

  private void resurrectOnce(Policy policy, Samples into) {
    System.gc();
    long start = System.nanoTime();
    try (Heap heap = Heap.open(file, HeapConfig.existing().persistence(backend))) {
      long opened = System.nanoTime();
      @SuppressWarnings("unchecked")
      PHashMap<PLong, PLong> map = heap.roots().get(policy.name(), PHashMap.class);
      long resurrected = System.nanoTime();
      if (map.size() != entries || map.policy() != policy || map.get(PLong.of(heap, entries / 2)).longValue() != -(entries / 2)) {
        throw new IllegalStateException("the " + policy + " map did not come back whole");
      }
      into.open().add(opened - start);
      into.resurrect().add(resurrected - opened);
    }
  }

  private long volatileRebuild() {
    System.gc();
    long start = System.nanoTime();
    Map<Long, Long> map = new HashMap<>();
    for (int i = 0; i < entries; i++) {
      map.put((long) i, (long) -i);
    }
    long took = System.nanoTime() - start;
    if (map.size() != entries) {
      throw new IllegalStateException("the volatile map has " + map.size() + " entries");
    }
    return took;
  }
}
