package org.jnvm.log;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.jnvm.memory.Memory;

/**
 * The persistent list of a heap's redo logs, named by a superblock word. It only grows: a full
 * directory is replaced by a larger copy with one 8-byte store of that word.
 */
public final class LogDirectory implements PObject {
  public static final Layout LAYOUT = Layout.builder().field("length", FieldKind.LONG).tail(FieldKind.REF, "length").build();
  public static final PClass<LogDirectory> PCLASS = PClass.of(LogDirectory.class, LAYOUT, LogDirectory::new);
  private static final long FIRST = LAYOUT.tail().orElseThrow().offset();

  private final Handle handle;

  private LogDirectory(Handle handle) {
    this.handle = handle;
  }

  private LogDirectory(Heap heap, int length) {
    this.handle = heap.allocate(PCLASS, length);
    handle.putLong(0, length);
  }

  @Override
  public Handle handle() {
    return handle;
  }

  int length() {
    return (int) handle.getLong(0);
  }

  RedoLog get(int i) {
    return handle.getRef(FIRST + 8L * i, RedoLog.class);
  }

  /** Publishes {@code log} in slot {@code i}: the log is valid already; one store, written back and fenced. */
  void set(int i, RedoLog log) {
    Heap heap = handle.heap();
    long at = heap.blocks().rawAddress(handle, FIRST + 8L * i);
    Memory.putLong(at, log.handle().offset());
    heap.persistence().pwb(at);
    heap.pfence();
  }

  /** A valid copy with room for {@code length} logs, not yet published. */
  LogDirectory grown(int length) {
    Heap heap = handle.heap();
    LogDirectory bigger = new LogDirectory(heap, length);
    for (int i = 0; i < length(); i++) {
      long ref = Memory.getLong(heap.blocks().rawAddress(handle, FIRST + 8L * i));
      Memory.putLong(heap.blocks().rawAddress(bigger.handle, FIRST + 8L * i), ref);
    }
    bigger.pwb();
    bigger.validate();
    return bigger;
  }

  static LogDirectory create(Heap heap, int length) {
    LogDirectory d = new LogDirectory(heap, length);
    d.pwb();
    d.validate();
    return d;
  }
}
