package org.jnvm.samples;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/**
 * One run of the demo: its number, when it started, and the run before it. Written by hand the way
 * the annotation processor will generate proxies: a layout, a {@code PCLASS}, a resurrect
 * constructor that only keeps the handle, and accessors that read and write the heap.
 */
public final class RunRecord implements PObject {
  public static final Layout LAYOUT =
      Layout.builder().field("number", FieldKind.LONG).field("startedMillis", FieldKind.LONG).field("previous", FieldKind.REF).build();
  public static final PClass<RunRecord> PCLASS = PClass.of(RunRecord.class, LAYOUT, RunRecord::new);
  private static final long NUMBER = LAYOUT.field("number").orElseThrow().offset();
  private static final long STARTED = LAYOUT.field("startedMillis").orElseThrow().offset();
  private static final long PREVIOUS = LAYOUT.field("previous").orElseThrow().offset();

  private final Handle handle;

  private RunRecord(Handle handle) {
    this.handle = handle;
  }

  /** A new, still invalid record; {@link org.jnvm.heap.Roots#put} or an atomic update validates it. */
  public RunRecord(Heap heap, long number, long startedMillis, RunRecord previous) {
    this.handle = heap.allocate(PCLASS);
    handle.putLong(NUMBER, number);
    handle.putLong(STARTED, startedMillis);
    handle.putRef(PREVIOUS, previous);
    pwb();
  }

  @Override
  public Handle handle() {
    return handle;
  }

  public long number() {
    return handle.getLong(NUMBER);
  }

  public long startedMillis() {
    return handle.getLong(STARTED);
  }

  public RunRecord previous() {
    return handle.getRef(PREVIOUS, RunRecord.class);
  }

  /** Cuts the history after this record, freeing what was cut, with the atomic update. */
  public void forgetPrevious() {
    RunRecord p = previous();
    if (p != null) {
      p.forgetPrevious();
      handle.updateRefAndFree(PREVIOUS, null);
    }
  }
}
