package org.jnvm.bench;

import org.jnvm.PObject;
import org.jnvm.heap.DirectAccess;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.jnvm.memory.Memory;
import org.jnvm.persist.Persistence;

/**
 * A one-block proxy written by hand the way the processor writes proxies: a long value and a
 * reference. The value's accessors use the direct access the handle grants ({@link DirectAccess}),
 * as generated accessors do, and go through the handle otherwise. The handle grants it for the
 * whole layout at once, so an accessor only tests the base for 0.
 */
public final class BenchNode implements PObject, DirectAccess {
  public static final Layout LAYOUT = Layout.builder().field("value", FieldKind.LONG).field("next", FieldKind.REF).build();
  public static final PClass<BenchNode> PCLASS = PClass.of(BenchNode.class, LAYOUT, BenchNode::new);
  static final long VALUE = LAYOUT.field("value").orElseThrow().offset();
  private static final long NEXT = LAYOUT.field("next").orElseThrow().offset();

  private final Handle handle;
  private long directBase;

  private BenchNode(Handle handle) {
    this.handle = handle;
    handle.bind(this, LAYOUT.size());
  }

  public BenchNode(Heap heap, long value) {
    this(heap.allocate(PCLASS));
    setValue(value);
  }

  @Override
  public void directAccess(long base, Persistence persistence) {
    directBase = base;
  }

  @Override
  public Handle handle() {
    return handle;
  }

  public long getValue() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + VALUE);
    }
    return handle.getLong(VALUE);
  }

  public void setValue(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + VALUE, v);
      return;
    }
    handle.putLong(VALUE, v);
  }

  public BenchNode getNext() {
    return handle.getRef(NEXT, BenchNode.class);
  }

  public void setNext(BenchNode n) {
    handle.putRef(NEXT, n);
  }
}
