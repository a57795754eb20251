package org.jnvm.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.ShmTempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ObjectLocksTest {
  @TempDir(factory = ShmTempDir.class)
  Path dir;

  @Test
  void everyProxyOfAnObjectGetsItsLock() {
    try (Heap heap = Heap.create(dir.resolve("h.heap"), HeapConfig.ofSize(1 << 20));
        Heap other = Heap.create(dir.resolve("o.heap"), HeapConfig.ofSize(1 << 20))) {
      Node n = new Node(heap, 1);
      heap.roots().put("n", n);
      Node proxy = heap.roots().get("n", Node.class);
      assertNotSame(n, proxy);
      assertSame(heap.lockOf(n), heap.lockOf(proxy));
      assertSame(heap.lockOf(n), heap.lockOf(heap.resurrect(n.handle().offset())));
      assertThrows(IllegalArgumentException.class, () -> other.lockOf(n));
    }
  }

  @Test
  void incrementsThroughDifferentProxiesUnderTheLockLoseNothing() throws Exception {
    int threads = 2;
    int increments = 20_000;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try (Heap heap = Heap.create(dir.resolve("h.heap"), HeapConfig.ofSize(1 << 20))) {
      Node counter = new Node(heap, 0);
      heap.roots().put("counter", counter);
      CyclicBarrier start = new CyclicBarrier(threads);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        done.add(pool.submit(() -> {
          Node mine = heap.roots().get("counter", Node.class); // a proxy of this thread's own
          start.await();
          for (int i = 0; i < increments; i++) {
            heap.withLock(mine, () -> mine.setValue(mine.getValue() + 1));
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
      assertEquals((long) threads * increments, counter.getValue());
    } finally {
      pool.shutdownNow();
    }
  }
}
