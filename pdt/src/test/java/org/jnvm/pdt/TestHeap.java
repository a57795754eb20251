package org.jnvm.pdt;

import java.nio.file.Path;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;

/** A heap file in a test's directory that a test can close and open again, as a restart would. */
final class TestHeap implements AutoCloseable {
  private final Path file;
  private Heap heap;

  TestHeap(Path directory, long bytes) {
    this(directory, HeapConfig.ofSize(bytes));
  }

  TestHeap(Path directory, HeapConfig config) {
    this.file = directory.resolve("test.heap");
    this.heap = Heap.create(file, config);
  }

  Heap heap() {
    return heap;
  }

  /** Closes the heap cleanly and opens it again, with recovery; returns the new heap. */
  Heap reopen() {
    heap.close();
    heap = Heap.open(file, HeapConfig.existing());
    return heap;
  }

  @Override
  public void close() {
    heap.close();
  }
}
