package org.jnvm.tests.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Heap;
import org.jnvm.proxy.Construction;
import org.junit.jupiter.api.Test;

/**
 * The wrappers and constructors of a failure-atomic class: methods run as blocks that commit when
 * they return and abort when they throw; {@code create} runs a constructor as one block.
 * Atomicity across a crash is the failure-atomic layer's, tested with it.
 */
class FailureAtomicTest extends HeapTest {
  @Test
  void aWrappedMethodRunsInABlockThatEndsWithIt() {
    open();
    Counter c = CounterProxy.create(0);
    assertFalse(FailureAtomic.inBlock());
    assertTrue(c.runsInBlock());
    assertFalse(FailureAtomic.inBlock());
    assertEquals(1, c.increment());
  }

  @Test
  void anExceptionAbortsTheBlockUndoingItsWrites() {
    Heap h = open();
    Counter c = CounterProxy.create(5);
    h.roots().put("c", c);
    IllegalStateException e = assertThrows(IllegalStateException.class, c::incrementThenFail);
    assertEquals("failed after a write", e.getMessage());
    assertFalse(FailureAtomic.inBlock());
    assertEquals(5, c.getCount());
    assertEquals(5, reopen().roots().get("c", Counter.class).getCount());
  }

  @Test
  void nestedWrappersShareTheOutermostBlock() {
    Heap h = open();
    Counter a = CounterProxy.create(0);
    Counter b = CounterProxy.create(10);
    a.incrementBoth(b);
    assertEquals(1, a.getCount());
    assertEquals(11, b.getCount());
    assertThrows(IllegalStateException.class, () -> FailureAtomic.run(() -> {
      a.incrementBoth(b);
      assertEquals(2, a.getCount(), "a block reads its own writes");
      throw new IllegalStateException("abort both");
    }));
    assertEquals(1, a.getCount());
    assertEquals(11, b.getCount());
    h.roots().put("a", a);
    assertEquals(1, reopen().roots().get("a", Counter.class).getCount());
  }

  @Test
  void createUndoesEverythingAFailingConstructorDid() {
    int pending = Construction.pending();
    open();
    Counter peer = CounterProxy.create(0);
    assertThrows(IllegalStateException.class, () -> CounterProxy.create(peer, true));
    assertEquals(0, peer.getCount(), "the change to the peer was aborted");
    assertFalse(FailureAtomic.inBlock());
    assertNothingPendingSince(pending);

    Counter made = CounterProxy.create(peer, false);
    assertEquals(1, peer.getCount());
    assertTrue(made.isValid(), "validated when the block committed");
    assertEquals(peer.handle().offset(), made.getPeer().handle().offset());
  }

  @Test
  void aFailingConstructorRunByNewInsideABlockIsUndoneWithTheBlock() {
    open();
    Counter peer = CounterProxy.create(0);
    assertThrows(IllegalStateException.class, () -> FailureAtomic.run(() -> new CounterProxy(peer, true)));
    assertEquals(0, peer.getCount());
    Counter made = FailureAtomic.call(() -> new CounterProxy(peer, false));
    assertEquals(1, peer.getCount());
    assertTrue(made.isValid());
  }

  @Test
  void objectsAConstructorCreatesInABlockAreValidatedWithItAndSurviveAReopen() {
    Heap h = open();
    Counter c = FailureAtomic.call(() -> new CounterProxy(new CounterProxy(7), false));
    assertTrue(c.getPeer().isValid());
    h.roots().put("c", c);
    Counter again = reopen().roots().get("c", Counter.class);
    assertEquals(8, again.getPeer().getCount());
  }

  @Test
  void finalMethodsAreNotWrapped() {
    open();
    Counter c = CounterProxy.create(0);
    assertFalse(c.finalRunsInBlock());
  }
}
