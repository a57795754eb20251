package org.jnvm.pdt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;

/**
 * The heap that guava-testlib's suites fill: their generators have no per-test lifecycle, so one
 * heap serves a whole test run and is deleted when the JVM exits. It is sparse on tmpfs, so only
 * the blocks the suites use cost memory.
 */
final class ConformanceHeap {
  private static final Heap HEAP = open();

  private ConformanceHeap() {}

  static Heap heap() {
    return HEAP;
  }

  private static Heap open() {
    try {
      Path dir = ShmDirectory.create();
      Path file = dir.resolve("conformance.heap");
      Heap heap = Heap.create(file, HeapConfig.ofSize(4L << 30));
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    heap.close();
                    try {
                      Files.deleteIfExists(file);
                      Files.deleteIfExists(dir);
                    } catch (IOException e) {
                      // a leftover file in a temporary directory is harmless
                    }
                  }));
      return heap;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
