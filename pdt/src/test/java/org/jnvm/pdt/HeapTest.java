package org.jnvm.pdt;

import java.nio.file.Path;
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

  @BeforeEach
  void openHeap() {
    heap = new TestHeap(dir, heapBytes());
  }

  @AfterEach
  void closeHeap() {
    heap.close();
  }
}
