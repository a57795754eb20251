package org.jnvm.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Set;
import org.jnvm.errors.OutOfPersistentMemoryException;
import org.jnvm.fixtures.Node;
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
}
