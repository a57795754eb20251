package org.jnvm.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.pdt.PArray;
import org.jnvm.pdt.PString;

/**
 * What every pdt benchmark works on: a heap with the clwb backend on /dev/shm (durable writes),
 * holding pre-built keys and values that are published under roots before anything is measured,
 * so that the persistent collection and its {@code java.util} counterpart get the very same
 * objects. Keys are 14-character strings ({@code user} and 10 digits, as YCSB's), values
 * 100-character strings, two per key, so that an update always stores a different value. The
 * keys are visited in one fixed random order.
 */
final class PdtData implements AutoCloseable {
  /** Keys unless a benchmark asks for another count; a power of two, so that a cursor wraps with a mask. */
  static final int ENTRIES = 1 << 16;
  /** The heap of {@link #ENTRIES} keys; larger key counts get {@link #HEAP_BYTES_PER_ENTRY} each. */
  static final long HEAP_BYTES = 1L << 30;
  /**
   * Heap bytes per key beyond 1 GiB: two values of one 256-byte block each, a pair of one block,
   * the key's pool slot and the arrays' references take about 850 bytes; the rest is headroom.
   */
  static final long HEAP_BYTES_PER_ENTRY = 1536;
  static final int KEY_CHARS = 14;
  static final int VALUE_CHARS = 100;

  final Heap heap;
  final int entries;
  private final int shift;
  final PString[] keys;
  /** Two values per key: {@code values[i]} and {@code values[i + entries]}. */
  final PString[] values;
  /** A random permutation of the key indexes. */
  final int[] order;
  private final Path file;

  /** A heap with the clwb backend. */
  PdtData(String name) {
    this(name, "clwb", ENTRIES);
  }

  /**
   * A heap with the persistence backend {@code backend} ({@code none} only to tell costs apart)
   * and {@code entries} keys, a power of two.
   */
  PdtData(String name, String backend, int entries) {
    if (entries <= 0 || Integer.bitCount(entries) != 1) {
      throw new IllegalArgumentException("entries must be a power of two: " + entries);
    }
    this.entries = entries;
    this.shift = Integer.numberOfTrailingZeros(entries);
    this.keys = new PString[entries];
    this.values = new PString[2 * entries];
    this.order = new int[entries];
    BenchEnv.quietLogs();
    file = BenchEnv.newHeapFile(BenchEnv.shmDir(), "pdt-" + name);
    heap = Heap.create(file, HeapConfig.ofSize(heapBytes(entries)).persistence(backend));
    Random random = new Random(42);
    for (int i = 0; i < entries; i++) {
      keys[i] = PString.of(heap, String.format(Locale.ROOT, "user%010d", keyNumber(i)));
      order[i] = i;
    }
    char[] chars = new char[VALUE_CHARS];
    for (int i = 0; i < values.length; i++) {
      for (int c = 0; c < chars.length; c++) {
        chars[c] = (char) ('a' + random.nextInt(26));
      }
      values[i] = PString.of(heap, new String(chars));
    }
    heap.roots().put("keys", PArray.of(heap, Arrays.asList(keys)));
    heap.roots().put("values", PArray.of(heap, Arrays.asList(values)));
    for (int i = entries - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    BenchEnv.note("pdt.backend." + backend, heap.persistence().description());
    BenchEnv.note("pdt.dir", BenchEnv.shmDir() + " (" + BenchEnv.fsType(BenchEnv.shmDir()) + ")");
  }

  /** The number that key {@code i} spells after {@code user}, in ten digits. */
  static long keyNumber(int i) {
    return Math.floorMod(i * 2_654_435_761L, 10_000_000_000L);
  }

  /** The size of the heap file for {@code entries} keys. */
  static long heapBytes(int entries) {
    return Math.max(HEAP_BYTES, entries * HEAP_BYTES_PER_ENTRY);
  }

  /** The key index a cursor value stands for. */
  int key(int cursor) {
    return order[cursor & (entries - 1)];
  }

  /** The value to store at a cursor value: the other of the key's two values on every pass. */
  PString value(int cursor) {
    int i = key(cursor);
    return values[((cursor >>> shift) & 1) == 0 ? i + entries : i];
  }

  @Override
  public void close() {
    heap.close();
    BenchEnv.delete(file);
  }
}
