package org.jnvm.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.errors.FreedObjectException;
import org.jnvm.errors.HeapCorruptedException;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.ShmTempDir;
import org.jnvm.fixtures.Tally;
import org.jnvm.fixtures.Text;
import org.jnvm.fixtures.Wide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cursor's one proxy visits objects in turn: it reads and writes the object it was last moved
 * to, is checked at every move as a resurrected proxy is, and a free through it stays with the
 * object it was on, even inside a failure-atomic block that ends after the cursor moved on.
 */
class CursorTest {
  @TempDir(factory = ShmTempDir.class)
  Path dir;

  private Heap create() {
    return Heap.create(dir.resolve("c.heap"), HeapConfig.ofSize(4 << 20));
  }

  private static List<Long> publishedNodes(Heap heap, int count) {
    List<Long> offsets = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Node n = new Node(heap, 100 + i).publish();
      heap.roots().put("n" + i, n);
      offsets.add(n.handle().offset());
    }
    return offsets;
  }

  @Test
  void oneProxyReadsAndWritesEachObjectItIsMovedTo() {
    try (Heap heap = create()) {
      List<Long> offsets = publishedNodes(heap, 5);
      Cursor<Node> cursor = heap.cursor(Node.PCLASS);
      Node first = cursor.moveTo(offsets.get(0));
      for (int i = 0; i < offsets.size(); i++) {
        Node at = cursor.moveTo(offsets.get(i));
        assertSame(first, at, "a cursor hands out its one proxy");
        assertEquals(offsets.get(i), cursor.offset());
        assertEquals(100 + i, at.getValue());
        at.setValue(200 + i);
      }
      for (int i = 0; i < offsets.size(); i++) {
        Node own = (Node) heap.resurrect(offsets.get(i));
        assertEquals(200 + i, own.getValue(), "the write went to the object the cursor was on");
      }
    }
  }

  @Test
  void eachMoveRunsResurrectForAClassThatHasOne() {
    try (Heap heap = create()) {
      long a = new Tally(heap, 3).handle().offset();
      long b = new Tally(heap, 8).handle().offset();
      Cursor<Tally> cursor = heap.cursor(Tally.PCLASS);
      assertEquals(3, cursor.moveTo(a).cachedCount());
      assertEquals(8, cursor.moveTo(b).cachedCount());
      assertEquals(3, cursor.moveTo(a).cachedCount());
    }
  }

  @Test
  void visitsPooledObjectsBesideObjectsOfTheirOwnBlock() {
    try (Heap heap = create()) {
      Tally pooled = Tally.PCLASS.attach(heap.allocateImmutable(Tally.PCLASS, 0));
      pooled.handle().putInt(0, 41);
      assertTrue(heap.headers.isPooled(pooled.handle().offset()), "a small immutable object takes a pool slot");
      long own = new Tally(heap, 42).handle().offset();
      Cursor<Tally> cursor = heap.cursor(Tally.PCLASS);
      assertEquals(41, cursor.moveTo(pooled.handle().offset()).cachedCount());
      assertEquals(42, cursor.moveTo(own).cachedCount());
      Tally back = cursor.moveTo(pooled.handle().offset());
      assertEquals(41, back.handle().getInt(0));
      assertThrows(IndexOutOfBoundsException.class, () -> back.handle().getInt(heap.geometry().blockSize() - 4),
          "on a pool slot the cursor's handle spans the slot, not the block");
    }
  }

  @Test
  void aMoveToAnObjectOfAnotherClassThrowsAndLeavesTheCursorWhereItWas() {
    try (Heap heap = create()) {
      long node = publishedNodes(heap, 1).get(0);
      long tally = new Tally(heap, 5).handle().offset();
      Cursor<Node> cursor = heap.cursor(Node.PCLASS);
      cursor.moveTo(node);
      ClassCastException e = assertThrows(ClassCastException.class, () -> cursor.moveTo(tally));
      assertTrue(e.getMessage().contains(Tally.class.getName()) && e.getMessage().contains(Node.class.getName()), e.getMessage());
      assertEquals(node, cursor.offset());
      assertEquals(100, cursor.moveTo(node).getValue());
    }
  }

  @Test
  void aMoveToWhereNoObjectStartsThrows() {
    try (Heap heap = create()) {
      long node = publishedNodes(heap, 1).get(0);
      Node freed = new Node(heap, 1);
      long freedAt = freed.handle().offset();
      heap.free(freed);
      heap.pfence();
      Cursor<Node> cursor = heap.cursor(Node.PCLASS);
      long pastTheEnd = heap.geometry().blockOffset(heap.geometry().blockCount());
      for (long offset : new long[] {0, -256, node + 8, freedAt, pastTheEnd}) {
        assertThrows(HeapCorruptedException.class, () -> cursor.moveTo(offset), "offset " + offset + ", as a first move");
        cursor.moveTo(node);
        assertThrows(HeapCorruptedException.class, () -> cursor.moveTo(offset), "offset " + offset + ", after a move to a node");
      }
    }
  }

  @Test
  void aHeaderThatLinksANextBlockIsRefusedForAClassOfOneBlock() {
    try (Heap heap = create()) {
      List<Long> offsets = publishedNodes(heap, 2);
      long block = offsets.get(1) >>> heap.geometry().blockShift();
      heap.headers.write(block, heap.headers.word(block) | (offsets.get(0) >>> heap.geometry().blockShift()));
      Cursor<Node> cursor = heap.cursor(Node.PCLASS);
      assertEquals(100, cursor.moveTo(offsets.get(0)).getValue());
      HeapCorruptedException e = assertThrows(HeapCorruptedException.class, () -> cursor.moveTo(offsets.get(1)));
      assertTrue(e.getMessage().contains("more than 1 block"), e.getMessage());
    }
  }

  @Test
  void aClassWhoseObjectsTakeSeveralBlocksHasNoCursor() {
    try (Heap heap = create()) {
      IllegalArgumentException large = assertThrows(IllegalArgumentException.class, () -> heap.cursor(Wide.PCLASS));
      assertTrue(large.getMessage().contains("Heap.resurrect"), large.getMessage());
      assertThrows(IllegalArgumentException.class, () -> heap.cursor(Text.PCLASS), "an array can outgrow a block");
    }
  }

  @Test
  void aFreeThroughTheCursorStaysWithItsObjectUntilTheCursorMoves() {
    try (Heap heap = create()) {
      List<Long> offsets = publishedNodes(heap, 2);
      Cursor<Node> cursor = heap.cursor(Node.PCLASS);
      Node at = cursor.moveTo(offsets.get(0));
      heap.roots().remove("n0");
      heap.free(at);
      assertThrows(FreedObjectException.class, at::getValue);
      assertEquals(101, cursor.moveTo(offsets.get(1)).getValue(), "a move gives the proxy a live object again");
    }
  }

  @Test
  void aBlockFreesTheObjectTheCursorWasOnWhenItCommitsAfterTheCursorMovedOn() {
    try (Heap heap = create()) {
      List<Long> offsets = publishedNodes(heap, 2);
      Cursor<Node> cursor = heap.cursor(Node.PCLASS);
      heap.roots().remove("n0");
      FailureAtomic.run(() -> {
        heap.free(cursor.moveTo(offsets.get(0)));
        cursor.moveTo(offsets.get(1)).setValue(7);
      });
      assertEquals(7, cursor.moveTo(offsets.get(1)).getValue(), "the object the cursor moved to is alive, with the block's write");
      assertThrows(HeapCorruptedException.class, () -> cursor.moveTo(offsets.get(0)), "the object freed is gone");
    }
  }

  @Test
  void anAbortedBlockKeepsTheObjectAFreeThroughTheCursorNamedAndUndoesItsWrites() {
    try (Heap heap = create()) {
      List<Long> offsets = publishedNodes(heap, 2);
      Cursor<Node> cursor = heap.cursor(Node.PCLASS);
      assertThrows(IllegalStateException.class, () -> FailureAtomic.run(() -> {
        heap.free(cursor.moveTo(offsets.get(0)));
        cursor.moveTo(offsets.get(1)).setValue(7);
        throw new IllegalStateException("abort");
      }));
      assertEquals(100, cursor.moveTo(offsets.get(0)).getValue(), "the free was undone");
      assertFalse(cursor.moveTo(offsets.get(0)).handle().isFreed());
      assertEquals(101, cursor.moveTo(offsets.get(1)).getValue(), "the write was undone");
    }
  }
}
