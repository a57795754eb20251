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
  private static final int SHIFT = 16;
  /** Keys; a power of two, so that a cursor wraps with a mask. */
  static final int ENTRIES = 1 << SHIFT;
  static final long HEAP_BYTES = 1L << 30;
  static final int KEY_CHARS = 14;
  static final int VALUE_CHARS = 100;

  final Heap heap;
  final PString[] keys = new PString[ENTRIES];
  /** Two values per key: {@code values[i]} and {@code values[i + ENTRIES]}. */
  final PString[] values = new PString[2 * ENTRIES];
  /** A random permutation of the key indexes. */
  final int[] order = new int[ENTRIES];
  private final Path file;

  /** A heap with the clwb backend. */
  PdtData(String name) {
    this(name, "clwb");
  }

  /** A heap with the persistence backend {@code backend}: {@code none} only to tell costs apart. */
  PdtData(String name, String backend) {
    BenchEnv.quietLogs();
    file = BenchEnv.newHeapFile(BenchEnv.shmDir(), "pdt-" + name);
    heap = Heap.create(file, HeapConfig.ofSize(HEAP_BYTES).persistence(backend));
    Random random = new Random(42);
    for (int i = 0; i < ENTRIES; i++) {
      keys[i] = PString.of(heap, String.format(Locale.ROOT, "user%010d", Math.floorMod(i * 2_654_435_761L, 10_000_000_000L)));
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
    for (int i = ENTRIES - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    BenchEnv.note("pdt.backend." + backend, heap.persistence().description());
    BenchEnv.note("pdt.dir", BenchEnv.shmDir() + " (" + BenchEnv.fsType(BenchEnv.shmDir()) + ")");
  }

  /** The key index a cursor value stands for. */
  int key(int cursor) {
    return order[cursor & (ENTRIES - 1)];
  }

  /** The value to store at a cursor value: the other of the key's two values on every pass. */
  PString value(int cursor) {
    int i = key(cursor);
    return values[((cursor >>> SHIFT) & 1) == 0 ? i + ENTRIES : i];
  }

  @Override
  public void close() {
    heap.close();
    BenchEnv.delete(file);
  }
}
