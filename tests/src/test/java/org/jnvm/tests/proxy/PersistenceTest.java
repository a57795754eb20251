package org.jnvm.tests.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jnvm.heap.Heap;
import org.junit.jupiter.api.Test;

/** Generated proxies against a real heap: what they write is there after a reopen. */
class PersistenceTest extends HeapTest {
  @Test
  void everyFieldTypeSurvivesAReopen() {
    Heap h = open();
    Point p = new PointProxy(7, Point.Color.GREEN);
    p.setOn(true);
    p.setB((byte) -3);
    p.setC('é');
    p.setS((short) -31000);
    p.setI(Integer.MIN_VALUE);
    p.setF(1.5f);
    p.setD(-2.25);
    h.roots().put("p", p);

    Point q = reopen().roots().get("p", Point.class);
    assertInstanceOf(PointProxy.class, q);
    assertTrue(q.isOn());
    assertEquals((byte) -3, q.getB());
    assertEquals('é', q.getC());
    assertEquals((short) -31000, q.getS());
    assertEquals(Integer.MIN_VALUE, q.getI());
    assertEquals(1.5f, q.getF());
    assertEquals(7, q.getL());
    assertEquals(-2.25, q.getD());
    assertSame(Point.Color.GREEN, q.getColor());
  }

  @Test
  void theLayoutIsTheRuntimesAndItsConstantsAgree() {
    assertEquals(PointProxy.LAYOUT.size(), PointProxy.SIZE);
    assertEquals(PointProxy.LAYOUT.fingerprint(), PointProxy.FINGERPRINT);
    assertEquals(PointProxy.LAYOUT.field("l").orElseThrow().offset(), PointProxy.OFFSET_L);
    assertEquals(NodeProxy.LAYOUT.field("next").orElseThrow().offset(), NodeProxy.REF_OFFSETS.get(0));
    assertTrue(WideProxy.SIZE > 256, "Wide spans two blocks");
  }

  @Test
  void anObjectOfTwoBlocksKeepsEveryField() {
    Heap h = open();
    Wide w = new WideProxy();
    for (int i = 0; i < 40; i++) {
      w.set(i, 1000L * i + 1);
    }
    assertEquals(2, w.handle().blockCount());
    h.roots().put("w", w);

    Wide again = reopen().roots().get("w", Wide.class);
    for (int i = 0; i < 40; i++) {
      assertEquals(1000L * i + 1, again.get(i), "field l" + i);
    }
  }

  @Test
  void aChainOfReferencesSurvivesAReopen() {
    Heap h = open();
    Node last = new NodeProxy(3);
    Node middle = new NodeProxy(2);
    middle.setNext(last);
    Node first = new NodeProxy(1);
    first.setNext(middle);
    for (Node n : new Node[] {first, middle, last}) {
      n.pwb();
      n.validate();
    }
    h.pfence();
    h.roots().put("list", first);

    Node n = reopen().roots().get("list", Node.class);
    for (long expected = 1; expected <= 3; expected++) {
      assertEquals(expected, n.getValue());
      n = n.getNext();
    }
    assertNull(n);
  }

  @Test
  void anInvalidObjectLinkedIntoAPublishedOneIsDroppedByRecovery() {
    Heap h = open();
    Node first = new NodeProxy(1);
    h.roots().put("list", first);
    first.setNext(new NodeProxy(2)); // a plain store into a published object publishes nothing
    assertFalse(first.getNext().isValid());

    Node again = reopen().roots().get("list", Node.class);
    assertEquals(1, again.getValue());
    assertNull(again.getNext(), "recovery clears references to invalid objects");
  }

  @Test
  void enumsAreStoredByTheIdOfTheirName() {
    Heap h = open();
    Point p = new PointProxy(1, Point.Color.BLUE);
    assertEquals(org.jnvm.proxy.EnumIds.of("BLUE"), p.handle().getInt(PointProxy.OFFSET_COLOR));
    p.setColor(null);
    assertEquals(0, p.handle().getInt(PointProxy.OFFSET_COLOR));
    assertNull(p.getColor());
    p.handle().putInt(PointProxy.OFFSET_COLOR, 12345);
    org.jnvm.proxy.UnknownEnumException e =
        org.junit.jupiter.api.Assertions.assertThrows(org.jnvm.proxy.UnknownEnumException.class, p::getColor);
    assertTrue(e.getMessage().contains("renamed or removed"), e.getMessage());
    h.free(p);
  }
}
