package org.jnvm.memory;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jnvm.fixtures.Node;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;

/**
 * Run in a child JVM by {@link MemoryTest}: prints which Unsafe {@link Memory} uses, then writes
 * a chain of objects, reopens the heap and prints their sum.
 */
public final class MemoryProbe {
  private MemoryProbe() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    System.out.println("implementation " + Memory.implementation());
    try {
      try (Heap heap = Heap.create(file, HeapConfig.ofSize(8 << 20).persistence("none"))) {
        Node head = null;
        for (int i = 1; i <= 100; i++) {
          Node n = new Node(heap, i);
          n.setNext(head);
          n.validate();
          head = n;
        }
        heap.roots().put("chain", head);
      }
      try (Heap heap = Heap.open(file, HeapConfig.existing())) {
        long sum = 0;
        for (Node n = heap.roots().get("chain", Node.class); n != null; n = n.getNext()) {
          sum += n.getValue();
        }
        System.out.println("sum " + sum);
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }
}
