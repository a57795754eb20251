package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Heap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A test with a fresh heap on tmpfs, closed after each test; {@link TestHeap#reopen()} restarts it. */
abstract class HeapTest {
  @TempDir(factory = ShmDirectory.class)
  Path dir;

  TestHeap heap;

  /** The size of the heap each test gets; sparse on tmpfs, so only what is written costs memory. */
  long heapBytes() {
    return 64L << 20;
  }

  /**
   * {@code text} padded to 64 characters: a string too large for a pool slot of the default
   * 256-byte blocks, which takes a block of its own, for tests that count blocks.
   */
  static String wide(String text) {
    return String.format(java.util.Locale.ROOT, "%-64s", text);
  }

  /** Runs {@code body} in a block that then throws, so that it aborts. */
  static void abortedBlock(Runnable body) {
    assertThrows(
        IllegalStateException.class,
        () ->
            FailureAtomic.run(
                () -> {
                  body.run();
                  throw new IllegalStateException("abort");
                }));
  }

  /** A map of strings as text, in its iteration order. */
  static Map<String, String> asText(Map<PString, PString> map) {
    Map<String, String> out = new LinkedHashMap<>();
    map.forEach((k, v) -> out.put(k.toString(), v.toString()));
    return out;
  }

  /** The map under the root "map". */
  @SuppressWarnings("unchecked")
  static PMap<PString, PString> rootMap(Heap h) {
    return h.roots().get("map", PMap.class);
  }

  @BeforeEach
  void openHeap() {
    heap = new TestHeap(dir, heapBytes());
  }

  @AfterEach
  void closeHeap() {
    heap.close();
  }
}
