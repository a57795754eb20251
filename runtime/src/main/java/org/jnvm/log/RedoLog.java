package org.jnvm.log;

import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.Handle;
import org.jnvm.heap.BlockAccess;
import org.jnvm.heap.Heap;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.jnvm.layout.PClass;
import org.jnvm.memory.Memory;
import org.jnvm.persist.Persistence;

/**
 * One persistent redo log: a chain of segments, each an array of entries of three words. The
 * first segment's {@code state} word says whether the log holds a committed block, and which:
 *
 * <pre>
 * state = sequence << 1 | committed
 * entry = [sequence << 8 | kind] [a] [b]
 *   COPY   a = original block, b = in-flight block: copy b over a
 *   ALLOC  a = offset of an object allocated in the block: validate it
 *   FREE   a = offset of an object freed in the block: invalidate it
 * </pre>
 *
 * Every entry carries its block's sequence number. A log's entries are overwritten by its next
 * block only after the previous block was applied and fenced, so a committed state whose entries
 * do not all carry its sequence number was applied already, and replay skips it.
 *
 * <p>Entries are written with plain stores, not through the failure-atomic layer: the log is how
 * that layer is made.
 */
public final class RedoLog implements PObject {
  public static final Layout LAYOUT =
      Layout.builder()
          .field("state", FieldKind.LONG)
          .field("count", FieldKind.LONG)
          .field("words", FieldKind.LONG)
          .field("next", FieldKind.REF)
          .tail(FieldKind.LONG, "words")
          .build();
  public static final PClass<RedoLog> PCLASS = PClass.of(RedoLog.class, LAYOUT, RedoLog::new);

  public static final int COPY = 1;
  public static final int ALLOC = 2;
  public static final int FREE = 3;
  private static final long STATE = 0;
  private static final long COUNT = 8;
  private static final long WORDS = 16;
  private static final long NEXT = 24;
  private static final long FIRST = LAYOUT.tail().orElseThrow().offset();
  private static final int FIRST_CAPACITY = 256;

  private final Handle handle;
  /** Segments of this log, the first one being this object. Volatile: rebuilt on resurrection. */
  private RedoLog[] segments;
  private long sequence;
  private int count;

  private RedoLog(Handle handle) {
    this.handle = handle;
  }

  private RedoLog(Heap heap, int capacity) {
    this.handle = heap.allocate(PCLASS, capacity * 3L);
    handle.putLong(WORDS, capacity * 3L);
  }

  /** A new, empty, valid log; the caller publishes it. */
  static RedoLog create(Heap heap) {
    RedoLog log = new RedoLog(heap, FIRST_CAPACITY);
    log.pwb();
    log.validate();
    log.resurrect();
    return log;
  }

  @Override
  public Handle handle() {
    return handle;
  }

  @Override
  public void resurrect() {
    int n = 1;
    for (RedoLog s = next(); s != null; s = s.next()) {
      n++;
    }
    segments = new RedoLog[n];
    RedoLog s = this;
    for (int i = 0; i < n; i++, s = s.next()) {
      segments[i] = s;
    }
    sequence = Memory.getLong(raw(STATE)) >>> 1;
    count = 0;
  }

  private RedoLog next() {
    return handle.getRef(NEXT, RedoLog.class);
  }

  private long raw(long off) {
    return handle.heap().blocks().rawAddress(handle, off);
  }

  private int capacity() {
    return (int) (Memory.getLong(raw(WORDS)) / 3);
  }

  // ---------------------------------------------------------------- writing a block

  /** Starts a new block: a new sequence number, no entries. */
  public void begin() {
    sequence++;
    count = 0;
  }

  public int size() {
    return count;
  }

  /** Appends an entry and writes it back; growing the log may fence, which is harmless before commit. */
  public void append(int kind, long a, long b) {
    int index = count;
    RedoLog segment = this;
    for (RedoLog s : segments) {
      segment = s;
      int cap = s.capacity();
      if (index < cap) {
        break;
      }
      index -= cap;
    }
    if (index >= segment.capacity()) {
      segment = grow(segment);
      index = 0;
    }
    long at = segment.raw(FIRST + index * 24L);
    Memory.putLong(at, sequence << 8 | kind);
    Memory.putLong(at + 8, a);
    Memory.putLong(at + 16, b);
    handle.heap().persistence().pwb(at, 24);
    count++;
  }

  private RedoLog grow(RedoLog last) {
    Heap heap = handle.heap();
    RedoLog added = new RedoLog(heap, last.capacity() * 2);
    added.pwb();
    added.validate();
    heap.pfence();
    long at = heap.blocks().rawAddress(last.handle, NEXT);
    Memory.putLong(at, added.handle.offset());
    heap.persistence().pwb(at);
    RedoLog[] more = java.util.Arrays.copyOf(segments, segments.length + 1);
    more[segments.length] = added;
    added.segments = new RedoLog[] {added};
    segments = more;
    return added;
  }

  /**
   * Stores the number of entries and writes it back; the caller fences before {@link #commit()},
   * so that the count is durable before the mark that makes replay read it. (Stored together with
   * the mark, an 8-byte-torn line could commit a block with a stale count.)
   */
  public void prepare() {
    Memory.putLong(raw(COUNT), count);
    handle.heap().persistence().pwb(raw(COUNT));
  }

  /** Marks the block committed and writes the mark back; the caller fences before and after. */
  public void commit() {
    Memory.putLong(raw(STATE), sequence << 1 | 1);
    handle.heap().persistence().pwb(raw(STATE));
  }

  /** Marks the log empty; durable at the caller's next fence. */
  public void truncate() {
    Memory.putLong(raw(STATE), sequence << 1);
    handle.heap().persistence().pwb(raw(STATE));
    count = 0;
  }

  // ---------------------------------------------------------------- recovery

  /**
   * Applies the log if it holds a committed block that may not have been applied, then marks it
   * empty. Idempotent. Every block number and offset is checked before use.
   *
   * @return the number of entries applied
   */
  int replay() {
    long state = Memory.getLong(raw(STATE));
    long seq = state >>> 1;
    long entries = Memory.getLong(raw(COUNT));
    long room = 0;
    for (RedoLog s : segments) {
      room += s.capacity();
    }
    if ((state & 1) == 0) {
      return 0;
    }
    if (entries < 0 || entries > room) {
      throw Errors.corrupt(handle.heap().path(), "a redo log claims " + entries + " entries but holds " + room);
    }
    int applied = 0;
    if (allTagged(seq, entries)) {
      BlockAccess blocks = handle.heap().blocks();
      Persistence p = handle.heap().persistence();
      for (long i = 0; i < entries; i++) {
        long at = entry(i);
        int kind = (int) (Memory.getLong(at) & 0xff);
        long a = Memory.getLong(at + 8);
        long b = Memory.getLong(at + 16);
        switch (kind) {
          case COPY -> {
            long to = blocks.address(a);
            Memory.copy(blocks.address(b), to, blocks.blockSize());
            p.pwb(to, blocks.blockSize());
          }
          case ALLOC -> blocks.validateIfObject(a);
          case FREE -> blocks.invalidate(a);
          default -> throw Errors.corrupt(handle.heap().path(), "a redo log entry has kind " + kind);
        }
        applied++;
      }
      p.pfence();
    }
    sequence = seq;
    truncate();
    return applied;
  }

  private boolean allTagged(long seq, long entries) {
    for (long i = 0; i < entries; i++) {
      if (Memory.getLong(entry(i)) >>> 8 != seq) {
        return false;
      }
    }
    return true;
  }

  private long entry(long i) {
    long index = i;
    for (RedoLog s : segments) {
      int cap = s.capacity();
      if (index < cap) {
        return s.raw(FIRST + index * 24);
      }
      index -= cap;
    }
    throw new IllegalStateException("entry " + i + " is past the log");
  }
}
