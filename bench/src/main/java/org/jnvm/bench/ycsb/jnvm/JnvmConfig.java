package org.jnvm.bench.ycsb.jnvm;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import org.jnvm.bench.ycsb.store.StoreSizing;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.pdt.Policy;

/**
 * The configuration of the jnvm and volatile bindings, from YCSB's properties.
 *
 * @param map {@value #MAP_PROPERTY}: hash, tree, skiplist or concurrenthash (the default, the
 *     counterpart of the volatile binding's {@code ConcurrentHashMap}); only tree and skiplist scan
 * @param policy {@value #POLICY_PROPERTY}: the pdt maps' policy, CACHED (the default), BASE or EAGER
 * @param persistence {@value #PERSISTENCE_PROPERTY}: the heap's backend, clwb by default (durable)
 * @param prefaultBytes {@value #PREFAULT_PROPERTY}: the heap's {@link HeapConfig#prefault} window,
 *     {@value #DEFAULT_PREFAULT_BYTES} bytes by default, 0 for none
 */
public record JnvmConfig(MapKind map, Policy policy, String persistence, long prefaultBytes) {
  public static final String MAP_PROPERTY = "jnvm.map";
  public static final String POLICY_PROPERTY = "jnvm.policy";
  public static final String PERSISTENCE_PROPERTY = "jnvm.persistence";
  public static final String PREFAULT_PROPERTY = "jnvm.prefault";

  /**
   * The pages of 64 MiB of blocks touched ahead of allocation, small beside the child's Java heap,
   * which every store of the report pre-touches the same way (see {@code YcsbReport}). With it,
   * jnvm-pdt's p99 on D at 100k records and 1 thread was 3.7 to 3.9 µs, against 15.6 to 16.6
   * without: D's inserts take fresh blocks, and each first touch of a page faults.
   */
  public static final long DEFAULT_PREFAULT_BYTES = 64L << 20;

  /** A heap is never smaller than this, so that a small test run still has room for its logs and pools. */
  private static final long MIN_HEAP_BYTES = 64L << 20;

  /**
   * Heap bytes per record byte: a record's values take whole 256-byte blocks (a value of 100 B, or
   * a record's 1 KiB byte form, rounds up), updates allocate before they free, and the file is
   * sparse on tmpfs, so room costs nothing until it is used.
   */
  private static final long HEAP_BYTES_PER_RECORD_BYTE = 4;

  /** Room per record beyond its bytes: its key, the map's pair and slot, the record object. */
  private static final long HEAP_BYTES_PER_RECORD = 1024;

  public static JnvmConfig of(Properties properties) {
    return new JnvmConfig(
        MapKind.named(properties.getProperty(MAP_PROPERTY, MapKind.CONCURRENTHASH.id())),
        Policy.valueOf(properties.getProperty(POLICY_PROPERTY, Policy.CACHED.name()).toUpperCase(Locale.ROOT)),
        properties.getProperty(PERSISTENCE_PROPERTY, "clwb"),
        Long.parseLong(properties.getProperty(PREFAULT_PROPERTY, Long.toString(DEFAULT_PREFAULT_BYTES)).trim()));
  }

  /** Opens the heap file {@code name} in {@code directory}, or creates it sized for {@code sizing}. */
  Heap openHeap(Path directory, String name, StoreSizing sizing) {
    long bytes = Math.max(MIN_HEAP_BYTES, sizing.entries() * (sizing.recordBytes() * HEAP_BYTES_PER_RECORD_BYTE + HEAP_BYTES_PER_RECORD));
    return Heap.openOrCreate(directory.resolve(name + ".heap"), HeapConfig.ofSize(bytes).persistence(persistence).prefault(prefaultBytes));
  }

  /** What the report prints: the map and policy. */
  public String describe() {
    return map.id() + ", " + policy;
  }
}
