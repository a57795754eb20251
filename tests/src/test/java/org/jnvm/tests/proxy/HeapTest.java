package org.jnvm.tests.proxy;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.JNVM;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.proxy.Construction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** A test with a default heap on tmpfs, which {@code new XProxy(...)} allocates in, and that it can reopen. */
abstract class HeapTest {
  @TempDir(factory = ShmDirectory.class)
  Path dir;

  Heap heap;

  Heap open() {
    heap = JNVM.init(dir.resolve("test.heap"), HeapConfig.ofSize(8 << 20));
    return heap;
  }

  /** Closes the heap cleanly and opens it again, which runs the recovery GC. */
  Heap reopen() {
    JNVM.close();
    return open();
  }

  /**
   * Every construction begun since {@code before} is over and forgotten. Failed ones from earlier
   * tests may be forgotten meanwhile, when the garbage collector has reclaimed their tokens.
   */
  static void assertNothingPendingSince(int before) {
    int now = Construction.pending();
    assertTrue(now <= before, "constructions pending: " + now + ", before: " + before);
  }

  @AfterEach
  void closeHeap() {
    JNVM.close();
  }
}
