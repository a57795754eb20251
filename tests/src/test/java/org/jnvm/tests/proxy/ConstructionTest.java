package org.jnvm.tests.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.proxy.Construction;
import org.junit.jupiter.api.Test;

/** {@code new XProxy(args)} and {@code XProxy.create(args)}: allocation, validity, failures, nesting. */
class ConstructionTest extends HeapTest {
  @Test
  void withoutFaANewObjectStaysInvalidUntilValidated() {
    int pending = Construction.pending();
    Heap h = open();
    Node n = new NodeProxy(5);
    assertEquals(5, n.getValue());
    assertFalse(n.isValid());
    n.validate();
    assertTrue(n.isValid());
    Node m = NodeProxy.create(6);
    assertFalse(m.isValid());
    h.roots().put("m", m);
    assertTrue(m.isValid(), "Roots.put validates");
    assertNothingPendingSince(pending);
  }

  @Test
  void withFaANewObjectIsValidOnceItsBlockCommits() {
    open();
    Counter c = CounterProxy.create(3);
    assertTrue(c.isValid());
    assertEquals(3, c.getCount());
    Counter d = FailureAtomic.call(() -> {
      Counter inside = new CounterProxy(4);
      assertFalse(inside.isValid(), "validated at commit");
      return inside;
    });
    assertTrue(d.isValid());
  }

  @Test
  void withFaNewIsRefusedOutsideABlock() {
    open();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> new CounterProxy(1));
    assertTrue(e.getMessage().contains("write CounterProxy.create(...)"), e.getMessage());
  }

  @Test
  void aConstructorThatTouchesNoFieldStillGetsItsObject() {
    Heap h = open();
    long before = h.availableBlocks();
    Node n = new NodeProxy();
    assertEquals(before - 1, h.availableBlocks());
    assertEquals(0, n.getValue());
    assertNotEquals(0, n.handle().offset());
  }

  @Test
  void aConstructorThatThrowsBeforeItsFirstFieldAllocatesNothing() {
    Heap h = open();
    long before = h.availableBlocks();
    assertThrows(IllegalArgumentException.class, () -> new NodeProxy(-1));
    assertThrows(IllegalArgumentException.class, () -> NodeProxy.create(-1));
    assertEquals(before, h.availableBlocks());
  }

  @Test
  void createFreesTheObjectOfAConstructorThatThrowsAfterWritingIt() {
    int pending = Construction.pending();
    Heap h = open();
    long before = h.availableBlocks();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> NodeProxy.create("boom"));
    assertEquals("boom", e.getMessage());
    assertNothingPendingSince(pending);
    h.pfence(); // freed blocks are reused after the freeing thread's next fence
    assertEquals(before, h.availableBlocks());
  }

  @Test
  void newLeavesTheObjectOfAConstructorThatThrowsInvalidUntilItIsReclaimed() {
    Heap h = open();
    long before = h.availableBlocks();
    assertThrows(IllegalStateException.class, () -> new NodeProxy("boom"));
    assertEquals(before - 1, h.availableBlocks(), "nothing has seen the failure yet");
    // An enclosing create() sees it: everything begun inside it that did not finish is freed.
    assertThrows(IllegalStateException.class, () -> NodeProxy.create("boom"));
    Node ok = NodeProxy.create(1);
    h.roots().put("ok", ok);
    Heap again = reopen();
    assertEquals(1, again.roots().get("ok", Node.class).getValue());
    assertEquals(again.recoveryReport().liveObjects(), 1, "recovery reclaimed the failed object");
  }

  @Test
  void aFailedTopLevelNewIsForgottenAndFreedOnceItsTokenIsCollected() {
    Heap h = open();
    long before = h.availableBlocks();
    assertThrows(IllegalStateException.class, () -> new NodeProxy("boom"));
    int pending = Construction.pending();
    assertTrue(pending > 0);
    for (int i = 0; i < 20 && Construction.pending() >= pending; i++) {
      System.gc();
      new NodeProxy(1).validate(); // a construction forgets the abandoned ones
    }
    assertTrue(Construction.pending() < pending, "the failed construction was forgotten");
    h.pfence();
    assertTrue(h.availableBlocks() >= before - 20, "and its object freed");
  }

  @Test
  void aConstructorCanCreateObjectsBeforeItTouchesItsOwnFields() {
    int pending = Construction.pending();
    Heap h = open();
    Node outer = new NodeProxy(1, 2);
    assertEquals(1, outer.getValue());
    Node inner = outer.getNext();
    assertEquals(2, inner.getValue());
    assertNotEquals(outer.handle().offset(), inner.handle().offset());
    assertNothingPendingSince(pending);
    inner.pwb();
    inner.validate();
    h.pfence();
    h.roots().put("outer", outer);
    Node again = reopen().roots().get("outer", Node.class);
    assertEquals(2, again.getNext().getValue());
  }

  @Test
  void aFailedNestedConstructionIsFreedWhenItsEnclosingOneFinishes() {
    int pending = Construction.pending();
    Heap h = open();
    long before = h.availableBlocks();
    Node n = new NodeProxy(7, "the successor fails");
    assertEquals(7, n.getValue());
    assertNothingPendingSince(pending);
    h.pfence();
    assertEquals(before - 1, h.availableBlocks(), "only the enclosing object is left");
  }

  @Test
  void aFailureAtomicConstructorThatThrowsLeavesNoBlockOpen() {
    open();
    Counter peer = CounterProxy.create(0);
    assertThrows(IllegalStateException.class, () -> CounterProxy.create(peer, true));
    assertFalse(FailureAtomic.inBlock());
    assertThrows(IllegalArgumentException.class, () -> CounterProxy.create(-1));
    assertFalse(FailureAtomic.inBlock());
    assertThrows(IllegalStateException.class, () -> FailureAtomic.run(() -> new CounterProxy(peer, true)));
    assertFalse(FailureAtomic.inBlock());
  }

  @Test
  void aFailureAtomicConstructorRunsInABlock() {
    open();
    assertTrue(CounterProxy.create(1).constructedInBlock);
    assertTrue(FailureAtomic.call(() -> new CounterProxy(1)).constructedInBlock);
  }

  @Test
  void inHeapChoosesTheHeapOfNewObjects() {
    Heap main = open();
    try (Heap other = Heap.create(dir.resolve("other.heap"), HeapConfig.ofSize(4 << 20))) {
      Node n = Construction.inHeap(other, () -> new NodeProxy(1, 2));
      assertSame(other, n.handle().heap());
      assertSame(other, n.getNext().handle().heap());
      assertSame(main, new NodeProxy(3).handle().heap());
    }
  }

  @Test
  void withoutAnOpenHeapConstructionSaysWhatToDo() {
    int pending = Construction.pending();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> new NodeProxy(1));
    assertTrue(e.getMessage().contains("JNVM.init"), e.getMessage());
    assertNothingPendingSince(pending);
  }
}
