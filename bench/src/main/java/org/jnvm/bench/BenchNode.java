package org.jnvm.bench;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.jnvm.layout.PClass;

/**
 * A one-block proxy written by hand the way the processor writes proxies (the pattern of the
 * runtime's test fixture {@code Node}): a long value and a reference.
 */
public final class BenchNode implements PObject {
  public static final Layout LAYOUT = Layout.builder().field("value", FieldKind.LONG).field("next", FieldKind.REF).build();
  public static final PClass<BenchNode> PCLASS = PClass.of(BenchNode.class, LAYOUT, BenchNode::new);
  static final long VALUE = LAYOUT.field("value").orElseThrow().offset();
  private static final long NEXT = LAYOUT.field("next").orElseThrow().offset();

  private final Handle handle;

  private BenchNode(Handle handle) {
    this.handle = handle;
  }

  public BenchNode(Heap heap, long value) {
    this.handle = heap.allocate(PCLASS);
    setValue(value);
  }

  @Override
  public Handle handle() {
    return handle;
  }

  public long getValue() {
    return handle.getLong(VALUE);
  }

  public void setValue(long v) {
    handle.putLong(VALUE, v);
  }

  public BenchNode getNext() {
    return handle.getRef(NEXT, BenchNode.class);
  }

  public void setNext(BenchNode n) {
    handle.putRef(NEXT, n);
  }
}
