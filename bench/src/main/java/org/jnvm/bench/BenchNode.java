package org.jnvm.bench;

import org.jnvm.PObject;
import org.jnvm.heap.DirectAccess;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.jnvm.layout.PClass;
import org.jnvm.memory.Memory;

/**
 * A one-block proxy written by hand the way the processor writes proxies: a long value and a
 * reference. The value's accessors use the direct access the handle grants ({@link DirectAccess}),
 * as generated accessors do, and go through the handle otherwise.
 */
public final class BenchNode implements PObject, DirectAccess {
  public static final Layout LAYOUT = Layout.builder().field("value", FieldKind.LONG).field("next", FieldKind.REF).build();
  public static final PClass<BenchNode> PCLASS = PClass.of(BenchNode.class, LAYOUT, BenchNode::new);
  static final long VALUE = LAYOUT.field("value").orElseThrow().offset();
  private static final long NEXT = LAYOUT.field("next").orElseThrow().offset();

  private final Handle handle;
  private long directBase;
  private long directLimit;

  private BenchNode(Handle handle) {
    this.handle = handle;
    handle.bind(this);
  }

  public BenchNode(Heap heap, long value) {
    this(heap.allocate(PCLASS));
    setValue(value);
  }

  @Override
  public void directAccess(long base, long limit) {
    directBase = base;
    directLimit = limit;
  }

  @Override
  public Handle handle() {
    return handle;
  }

  public long getValue() {
    if (Handle.directAccessAllowed() && directLimit >= VALUE + 8) {
      return Memory.getLong(directBase + VALUE);
    }
    return handle.getLong(VALUE);
  }

  public void setValue(long v) {
    if (Handle.directAccessAllowed() && directLimit >= VALUE + 8) {
      Memory.putLong(directBase + VALUE, v);
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
