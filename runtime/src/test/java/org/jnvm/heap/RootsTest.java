package org.jnvm.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.errors.OutOfPersistentMemoryException;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.Tally;
import org.jnvm.fixtures.ShmTempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RootsTest {
  @TempDir(factory = ShmTempDir.class)
  Path dir;

  @Test
  void putValidatesAndPersistsReplaceAndRemove() {
    Path file = dir.resolve("r.heap");
    try (Heap heap = Heap.create(file, HeapConfig.ofSize(1 << 20))) {
      Node a = new Node(heap, 1);
      heap.roots().put("a", a);
      assertTrue(a.isValid(), "put validates");
      heap.roots().put("b", new Node(heap, 2));
      heap.roots().put("b", new Node(heap, 3));
      heap.roots().put("gone", new Node(heap, 4));
      heap.roots().remove("gone");
      heap.roots().remove("never there");
      heap.roots().put("ünïcødé", new Node(heap, 5));
      assertEquals(Set.of("a", "b", "ünïcødé"), heap.roots().names());
    }
    try (Heap heap = Heap.open(file, HeapConfig.existing())) {
      assertEquals(1, heap.roots().get("a", Node.class).getValue());
      assertEquals(3, heap.roots().get("b", Node.class).getValue());
      assertEquals(5, heap.roots().get("ünïcødé", Node.class).getValue());
      assertNull(heap.roots().get("gone"));
      assertFalse(heap.roots().exists("gone"));
      assertEquals(3, heap.recoveryReport().liveObjects(), "replaced and removed values are not roots");
    }
  }

  @Test
  void namesAndCapacityAreChecked() {
    try (Heap heap = Heap.create(dir.resolve("r.heap"), HeapConfig.ofSize(1 << 20).rootCapacity(2))) {
      Node n = new Node(heap, 1);
      assertThrows(IllegalArgumentException.class, () -> heap.roots().put("x".repeat(56), n));
      assertThrows(IllegalArgumentException.class, () -> heap.roots().put("", n));
      heap.roots().put("one", n);
      heap.roots().put("two", n);
      OutOfPersistentMemoryException e = assertThrows(OutOfPersistentMemoryException.class, () -> heap.roots().put("three", n));
      assertTrue(e.getMessage().contains("rootCapacity"), e.getMessage());
      assertThrows(ClassCastException.class, () -> heap.roots().get("one", org.jnvm.fixtures.Tally.class));
    }
  }

  @Test
  void getOrCreateMakesOnceAndFindsAfterReopen() {
    Path file = dir.resolve("r.heap");
    AtomicInteger made = new AtomicInteger();
    try (Heap heap = Heap.create(file, HeapConfig.ofSize(1 << 20))) {
      Node first = heap.roots().getOrCreate("n", () -> new Node(heap, 10 + made.incrementAndGet()));
      assertTrue(first.isValid(), "put publishes the made object");
      Node second = heap.roots().getOrCreate("n", () -> new Node(heap, 10 + made.incrementAndGet()));
      assertEquals(1, made.get(), "an existing root is not made again");
      assertEquals(first.handle().offset(), second.handle().offset());
      assertEquals(11, second.getValue());
    }
    try (Heap heap = Heap.open(file, HeapConfig.existing())) {
      Node again = heap.roots().getOrCreate("n", Node.class, () -> new Node(heap, 10 + made.incrementAndGet()));
      assertEquals(1, made.get());
      assertEquals(11, again.getValue());
    }
  }

  @Test
  void getOrCreateOfAWrongTypeSaysSo() {
    try (Heap heap = Heap.create(dir.resolve("r.heap"), HeapConfig.ofSize(1 << 20))) {
      heap.roots().put("t", new Tally(heap, 1));
      ClassCastException e = assertThrows(ClassCastException.class, () -> heap.roots().getOrCreate("t", Node.class, () -> new Node(heap, 2)));
      assertTrue(e.getMessage().contains("root 't' is a " + Tally.class.getName()), e.getMessage());
      // Without a class, a caller that made an object checks the root that won against it.
      long available = heap.availableBlocks();
      e = assertThrows(ClassCastException.class, () -> heap.roots().getOrCreate("u", () -> {
        heap.roots().put("u", new Tally(heap, 3));
        return new Node(heap, 4);
      }));
      assertTrue(e.getMessage().contains("root 'u' is a " + Tally.class.getName()), e.getMessage());
      assertEquals(available - 1, heap.availableBlocks(), "the losing Node is freed, the Tally kept");
      assertTrue(heap.roots().get("u") instanceof Tally);
    }
  }

  @Test
  void getOrCreateRacingOnOneNamePublishesOneAndFreesTheRest() throws Exception {
    int threads = 2;
    int rounds = 200;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try (Heap heap = Heap.create(dir.resolve("r.heap"), HeapConfig.ofSize(1 << 22).rootCapacity(rounds))) {
      long available = heap.availableBlocks();
      AtomicInteger made = new AtomicInteger();
      for (int r = 0; r < rounds; r++) {
        String name = "race" + r;
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Future<Node>> got = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          long value = t;
          got.add(pool.submit(() -> {
            start.await();
            return heap.roots().getOrCreate(name, () -> {
              made.incrementAndGet();
              return new Node(heap, value);
            });
          }));
        }
        Node a = got.get(0).get();
        Node b = got.get(1).get();
        assertEquals(a.handle().offset(), b.handle().offset(), "every caller gets the one root");
        assertEquals(a.getValue(), heap.roots().get(name, Node.class).getValue());
      }
      assertEquals(rounds, heap.roots().names().size());
      assertEquals(available - rounds, heap.availableBlocks(), "one block per root, the losers freed (" + made.get() + " made)");
    } finally {
      pool.shutdownNow();
    }
  }
}
