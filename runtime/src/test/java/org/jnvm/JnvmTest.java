package org.jnvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.errors.FreedObjectException;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.ShmTempDir;
import org.jnvm.heap.Heap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The paper's static entry points, and the atomic reference updates of its Figure 6. */
class JnvmTest {
  @TempDir(factory = ShmTempDir.class)
  Path dir;

  @Test
  void thePapersFigureThreeFlowRunsTwice() {
    String file = dir.resolve("simple.heap").toString();
    for (int run = 0; run < 2; run++) {
      Heap heap = JNVM.init(file, 1 << 20);
      try {
        if (!JNVM.root().exists("simple")) {
          JNVM.root().put("simple", new Node(heap, 42));
        }
        Node s = JNVM.root().get("simple", Node.class);
        assertEquals(42 + run, s.getValue());
        s.setValue(s.getValue() + 1);
        s.pwb();
        JNVM.psync();
      } finally {
        JNVM.close();
      }
    }
    assertThrows(IllegalStateException.class, JNVM::heap);
  }

  @Test
  void updateValidatesTheNewObjectAndUpdateAndFreeFreesTheOldOne() {
    try (Heap heap = JNVM.init(dir.resolve("u.heap"), org.jnvm.heap.HeapConfig.ofSize(1 << 20))) {
      Node holder = new Node(heap, 0);
      heap.roots().put("holder", holder);
      Node first = new Node(heap, 1);
      assertFalse(first.isValid());
      holder.updateNext(first);
      assertTrue(first.isValid(), "the atomic update validates before it publishes");
      long firstOffset = first.handle().offset();
      Node second = new Node(heap, 2);
      holder.updateAndFreeNext(second);
      assertEquals(2, holder.getNext().getValue());
      JNVM.pfence();
      Node reuse = new Node(heap, 3);
      assertEquals(firstOffset, reuse.handle().offset(), "the old target's block was freed");
      holder.updateAndFreeNext(null);
      assertNull(holder.getNext());
      JNVM.free(reuse);
      assertThrows(FreedObjectException.class, reuse::getValue);
    } finally {
      JNVM.close();
    }
    try (Heap heap = org.jnvm.heap.Heap.open(dir.resolve("u.heap"), org.jnvm.heap.HeapConfig.existing())) {
      assertEquals(1, heap.recoveryReport().liveObjects());
      assertNull(heap.roots().get("holder", Node.class).getNext());
    }
  }
}
