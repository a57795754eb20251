package org.jnvm.samples.tpcb;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/**
 * A piece of the bank's history: up to a fixed number of records of three longs (transaction,
 * account, delta), and a link to the previous, full, chunk.
 */
public final class HistoryChunk implements PObject {
  public static final Layout LAYOUT =
      Layout.builder().field("length", FieldKind.LONG).field("count", FieldKind.LONG).field("previous", FieldKind.REF)
          .tail(FieldKind.LONG, "length").build();
  public static final PClass<HistoryChunk> PCLASS = PClass.of(HistoryChunk.class, LAYOUT, HistoryChunk::new);
  private static final long LENGTH = LAYOUT.field("length").orElseThrow().offset();
  private static final long COUNT = LAYOUT.field("count").orElseThrow().offset();
  private static final long PREVIOUS = LAYOUT.field("previous").orElseThrow().offset();
  private static final long FIRST = LAYOUT.tail().orElseThrow().offset();
  private static final int RECORD = 3;

  private final Handle handle;

  private HistoryChunk(Handle handle) {
    this.handle = handle;
  }

  /** A new, invalid, empty chunk for {@code records} records. */
  public HistoryChunk(Heap heap, int records, HistoryChunk previous) {
    this.handle = heap.allocate(PCLASS, (long) records * RECORD);
    handle.putLong(LENGTH, (long) records * RECORD);
    handle.putRef(PREVIOUS, previous);
  }

  @Override
  public Handle handle() {
    return handle;
  }

  public int capacity() {
    return (int) (handle.getLong(LENGTH) / RECORD);
  }

  public int count() {
    return (int) handle.getLong(COUNT);
  }

  public HistoryChunk previous() {
    return handle.getRef(PREVIOUS, HistoryChunk.class);
  }

  /** Record {@code i}'s field {@code f}: 0 transaction, 1 account, 2 delta. */
  public long get(int i, int f) {
    return handle.getLong(FIRST + 8L * (RECORD * (long) i + f));
  }

  public void append(long transaction, long account, long delta) {
    int i = count();
    long at = FIRST + 8L * RECORD * i;
    handle.putLong(at, transaction);
    handle.putLong(at + 8, account);
    handle.putLong(at + 16, delta);
    handle.putLong(COUNT, i + 1);
  }
}
