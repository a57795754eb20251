package org.jnvm.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.errors.LayoutMismatchException;
import org.jnvm.fixtures.Bare;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.ShmTempDir;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LayoutMismatchTest {
  @TempDir(factory = ShmTempDir.class)
  Path dir;

  /** The class {@link Node} as an older version of the code wrote it: value was an int, and a field is gone. */
  private static final Layout OLD_NODE =
      Layout.builder().field("value", FieldKind.INT).field("next", FieldKind.REF).field("color", FieldKind.BYTE).build();

  @Test
  void openingAHeapWrittenWithAnotherLayoutNamesTheClassAndFields() {
    Path file = dir.resolve("m.heap");
    PClass<Node> oldVersion = PClass.of(Node.class, OLD_NODE, h -> null);
    try (Heap heap = Heap.create(file, HeapConfig.ofSize(1 << 20))) {
      Handle h = heap.allocate(oldVersion);
      heap.roots().put("old", new Bare(h));
    }
    LayoutMismatchException e = assertThrows(LayoutMismatchException.class, () -> Heap.open(file, HeapConfig.existing()));
    String m = e.getMessage();
    assertTrue(m.contains(Node.class.getName()), m);
    assertTrue(m.contains("'value' is long value@0 in the code but int value@0 in the heap"), m);
    assertTrue(m.contains("'color' (byte color@4) is in the heap but not in the code"), m);
    assertTrue(m.contains("Open the heap with the class as it was when the heap was written"), m);
  }

  @Test
  void allocatingWithAChangedLayoutIsRefusedToo() {
    Path file = dir.resolve("m.heap");
    try (Heap heap = Heap.create(file, HeapConfig.ofSize(1 << 20))) {
      new Node(heap, 1);
      PClass<Node> other = PClass.of(Node.class, OLD_NODE, h -> null);
      assertThrows(LayoutMismatchException.class, () -> heap.allocate(other));
      assertEquals(1, heap.registry().size());
    }
  }
}
