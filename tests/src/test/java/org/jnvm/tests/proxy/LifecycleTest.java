package org.jnvm.tests.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jnvm.JNVM;
import org.jnvm.errors.FreedObjectException;
import org.jnvm.heap.Heap;
import org.junit.jupiter.api.Test;

/** Resurrection, inheritance, the atomic reference updates and free, through generated proxies. */
class LifecycleTest extends HeapTest {
  @Test
  void resurrectionRebuildsVolatileStateAndRunsNoConstructorLogic() {
    Heap h = open();
    Point p = new PointProxy(41, Point.Color.RED);
    assertEquals(41, p.checksum);
    h.roots().put("p", p);

    Point fresh = h.roots().get("p", Point.class);
    assertNotSame(p, fresh);
    assertEquals(41, fresh.checksum, "resurrect() ran");
    Point afterReopen = reopen().roots().get("p", Point.class);
    assertEquals(41, afterReopen.checksum);
  }

  @Test
  void aReferenceDeclaredWithTheSuperclassResolvesTheSubclassProxy() {
    Heap h = open();
    Shape square = new ShapeProxy(1);
    Circle circle = new CircleProxy(2, 0.5);
    square.setNext(circle);
    circle.pwb();
    circle.validate();
    h.pfence();
    h.roots().put("shapes", square);

    Shape first = reopen().roots().get("shapes", Shape.class);
    Shape second = first.getNext();
    assertInstanceOf(CircleProxy.class, second);
    assertEquals(2, second.getColor());
    assertEquals(Math.PI * 0.25, second.area(), 1e-12);
    assertEquals(0.5, ((Circle) second).getRadius());
  }

  @Test
  void aSubclassKeepsItsSuperclassOffsets() {
    assertEquals(ShapeProxy.OFFSET_COLOR, CircleProxy.OFFSET_COLOR);
    assertEquals(ShapeProxy.OFFSET_NEXT, CircleProxy.OFFSET_NEXT);
    assertTrue(CircleProxy.OFFSET_RADIUS >= ShapeProxy.SIZE);
  }

  @Test
  void updateValidatesTheNewObjectAndUpdateAndFreeFreesTheOldOne() {
    Heap h = open();
    Node head = new NodeProxy(0);
    h.roots().put("head", head);
    Node first = new NodeProxy(1);
    assertFalse(first.isValid());

    head.updateNext(first);
    assertTrue(first.isValid(), "updateNext validates before it publishes");
    assertEquals(1, head.getNext().getValue());

    Node second = new NodeProxy(2);
    long before = h.availableBlocks();
    head.updateAndFreeNext(second);
    h.pfence();
    assertEquals(before + 1, h.availableBlocks(), "the first node's block is free again");

    Node again = reopen().roots().get("head", Node.class);
    assertEquals(2, again.getNext().getValue());
  }

  @Test
  void everyAccessAfterFreeThrows() {
    Heap h = open();
    Point p = new PointProxy(1, Point.Color.RED);
    JNVM.free(p);
    assertThrows(FreedObjectException.class, p::getL);
    assertThrows(FreedObjectException.class, () -> p.setL(2));
    assertThrows(FreedObjectException.class, p::getColor);
    assertThrows(FreedObjectException.class, () -> ((PointProxy) p).pwbL());
    assertThrows(FreedObjectException.class, () -> h.free(p));
  }

  @Test
  void aResurrectingConstructorMustNotTouchPersistentFields() {
    Heap h = open();
    Touchy t = new TouchyProxy(); // under construction, a field access allocates the object
    t.setX(5);
    h.roots().put("t", t);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> h.roots().get("t"));
    assertTrue(e.getMessage().contains("the no-argument constructor of org.jnvm.tests.proxy.Touchy also runs when a proxy is"
        + " resurrected"), e.getMessage());
  }

  @Test
  void nullReferencesReadAsNull() {
    open();
    Node n = new NodeProxy(1);
    assertNull(n.getNext());
    n.setNext(n);
    assertSame(NodeProxy.class, n.getNext().getClass());
    n.setNext(null);
    assertNull(n.getNext());
  }
}
