package org.jnvm.log;

import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.Handle;
import org.jnvm.heap.BlockAccess;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.jnvm.memory.Memory;
import org.jnvm.persist.Persistence;

/**
 * One persistent redo log: a chain of segments, each an array of entries of three words. The
 * first segment's {@code state} word says whether the log holds a committed block, and which:
 *
 * <pre>
 * state = sequence << 2 | sealed << 1 | committed
 * entry = [sequence << 8 | kind] [a] [b]
 *   COPY   a = original block, b = lines << 48 | in-flight block: copy those granules of b over a
 *   ALLOC  a = offset of an object allocated in the block: validate it
 *   FREE   a = offset of an object freed in the block: invalidate it
 * </pre>
 *
 * Every entry carries its block's sequence number. A log's entries are overwritten by its next
 * block only after the previous block was applied and fenced, so a committed state whose entries
 * do not all carry its sequence number was applied already, and replay skips it.
 *
 * <p>A COPY entry names the granules (cache lines, for blocks up to 1 KiB) that the block wrote in
 * its in-flight copy, as a {@link LineMask}: only those were written back, so only those are
 * covered by the seal and copied by replay. Block numbers are below 2^40, so the mask fits above
 * them. Entries are 24 bytes and may straddle two blocks of the log, whose blocks need not be
 * adjacent: each word is addressed through the log's handle.
 *
 * <p>Two ways to commit. {@link #prepare()}, a fence, then {@link #commit()}: the fence makes the
 * entries and everything they name durable before the mark. Or {@link #seal()}: the count, a
 * checksum of the entries and of the in-flight blocks, and the mark go in one line, with no fence
 * before; replay trusts a sealed mark only if the checksum matches, which it can only do once all
 * of that reached memory. Sealing saves a fence; it is for blocks that allocated nothing, because
 * the checksum does not cover new objects' contents.
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
          .field("seal", FieldKind.LONG)
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
  private static final long SEAL = 32;
  private static final long COMMITTED = 1;
  private static final long SEALED = 2;
  private static final long FIRST = LAYOUT.tail().orElseThrow().offset();
  private static final int FIRST_CAPACITY = 256;
  private static final int LINES_SHIFT = 48;
  private static final long BLOCK_MASK = (1L << LINES_SHIFT) - 1;

  private final Handle handle;
  /** Segments of this log, the first one being this object. Volatile: rebuilt on resurrection. */
  private RedoLog[] segments;
  private long sequence;
  private int count;
  /** {@link #capacity()}, once read; 0 before. The heap's word never changes. */
  private int capacity;

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
    sequence = Memory.getLong(raw(STATE)) >>> 2;
    count = 0;
  }

  private RedoLog next() {
    return handle.getRef(NEXT, RedoLog.class);
  }

  private long raw(long off) {
    return handle.heap().blocks().rawAddress(handle, off);
  }

  /**
   * Entries this segment holds, read from the heap once: a block reads it on every append, and
   * after a write-back that evicts the log's first line (CLFLUSHOPT does) each read was a miss.
   */
  private int capacity() {
    int c = capacity;
    if (c == 0) {
      c = (int) (Memory.getLong(raw(WORDS)) / 3);
      capacity = c;
    }
    return c;
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

  /** Appends a COPY entry: {@code lines} of in-flight block {@code copy} go over block {@code original}. */
  public void appendCopy(long original, long copy, long lines) {
    append(COPY, original, lines << LINES_SHIFT | copy);
  }

  /**
   * Appends an entry, written back when the block commits ({@link #prepare()} or {@link #seal()});
   * growing the log may fence, which is harmless before commit.
   */
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
    long at = FIRST + index * 24L;
    Memory.putLong(segment.raw(at), sequence << 8 | kind);
    Memory.putLong(segment.raw(at + 8), a);
    Memory.putLong(segment.raw(at + 16), b);
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
    writeBackHeaderAndEntries();
  }

  /** Marks the block committed and writes the mark back; the caller fences before and after. */
  public void commit() {
    Memory.putLong(raw(STATE), sequence << 2 | COMMITTED);
    handle.heap().persistence().pwb(raw(STATE));
  }

  /**
   * Commits without a fence before: stores the count, the checksum of the entries and of the
   * granules of the in-flight blocks they name, and the sealed mark, all in the first line, and
   * writes it back with the entries. The caller writes back those granules, before or after, and
   * fences after.
   */
  public void seal() {
    Memory.putLong(raw(COUNT), count);
    Memory.putLong(raw(SEAL), checksum(sequence, count));
    Memory.putLong(raw(STATE), sequence << 2 | SEALED | COMMITTED);
    writeBackHeaderAndEntries();
  }

  /**
   * Writes back the first line and every line the entries occupy, each once: a block with a
   * single entry has it in the first line, so that one line is all it writes back.
   */
  private void writeBackHeaderAndEntries() {
    long left = count;
    long from = STATE;
    for (RedoLog s : segments) {
      long here = Math.min(left, s.capacity());
      s.writeBackLines(from, FIRST + here * 24);
      left -= here;
      if (left == 0) {
        break;
      }
      from = FIRST;
    }
  }

  /** Writes back the lines of payload bytes {@code [from, to)}; lines never straddle blocks. */
  private void writeBackLines(long from, long to) {
    Persistence p = handle.heap().persistence();
    for (long line = from & -Memory.CACHE_LINE; line < to; line += Memory.CACHE_LINE) {
      p.pwb(raw(line));
    }
  }

  /** Marks the log empty; durable at the caller's next fence. */
  public void truncate() {
    Memory.putLong(raw(STATE), sequence << 2);
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
    long seq = state >>> 2;
    long entries = Memory.getLong(raw(COUNT));
    long room = 0;
    for (RedoLog s : segments) {
      room += s.capacity();
    }
    if ((state & COMMITTED) == 0) {
      return 0;
    }
    boolean sealed = (state & SEALED) != 0;
    if (entries < 0 || entries > room) {
      if (!sealed) {
        throw Errors.corrupt(handle.heap().path(), "a redo log claims " + entries + " entries but holds " + room);
      }
      entries = 0; // a torn seal: the mark reached memory, the count did not; the block never applied
    }
    int applied = 0;
    if (allTagged(seq, entries) && (!sealed || sealHolds(seq, entries))) {
      BlockAccess blocks = handle.heap().blocks();
      Persistence p = handle.heap().persistence();
      for (long i = 0; i < entries; i++) {
        int kind = (int) (entryWord(i, 0) & 0xff);
        long a = entryWord(i, 1);
        long b = entryWord(i, 2);
        switch (kind) {
          case COPY -> {
            long lines = b >>> LINES_SHIFT;
            int shift = LineMask.granuleShift(blocks.blockSize());
            if (!LineMask.fits(lines, blocks.blockSize(), shift)) {
              throw Errors.corrupt(handle.heap().path(), "a redo log entry names granules " + Long.toHexString(lines) + " of a block");
            }
            LineMask.apply(p, blocks.address(b & BLOCK_MASK), blocks.address(a), lines, shift);
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

  /**
   * A 64-bit checksum of the sequence number, the count, the entries, and the granules that the
   * COPY entries among them name in their in-flight blocks (the only ones written back). Garbage
   * matches with probability 2^-64. Block numbers and masks come from the file, so each is checked
   * before its block is read; a bad one gives a checksum of 0, which no seal matches (see {@link
   * #sealHolds}).
   */
  private long checksum(long seq, long entries) {
    BlockAccess blocks = handle.heap().blocks();
    int shift = LineMask.granuleShift(blocks.blockSize());
    long h = mix(0x6a09e667f3bcc909L, seq);
    h = mix(h, entries);
    for (long i = 0; i < entries; i++) {
      long tag = entryWord(i, 0);
      long b = entryWord(i, 2);
      h = mix(mix(mix(h, tag), entryWord(i, 1)), b);
      if ((tag & 0xff) == COPY) {
        long lines = b >>> LINES_SHIFT;
        if (!blocks.isBlockNumber(b & BLOCK_MASK) || !LineMask.fits(lines, blocks.blockSize(), shift)) {
          return 0;
        }
        h = mixGranules(h, blocks.address(b & BLOCK_MASK), lines, shift);
      }
    }
    return h == 0 ? 1 : h;
  }

  /**
   * True when the stored seal is the checksum of the entries and granules as they are now. A
   * checksum of 0 says an entry is malformed (a word that never reached memory reads as 0); it
   * must not match a seal word that never reached memory either.
   */
  private boolean sealHolds(long seq, long entries) {
    long sum = checksum(seq, entries);
    return sum != 0 && sum == Memory.getLong(raw(SEAL));
  }

  private static long mixGranules(long h, long block, long lines, int shift) {
    long x = h;
    for (long m = lines; m != 0; m = LineMask.rest(m)) {
      long from = block + LineMask.runStart(m, shift);
      long end = from + LineMask.runLength(m, shift);
      for (long w = from; w < end; w += 8) {
        x = mix(x, Memory.getLong(w));
      }
    }
    return x;
  }

  private static long mix(long h, long word) {
    long x = (h ^ word) * 0x9e3779b97f4a7c15L;
    return x ^ (x >>> 29);
  }

  private boolean allTagged(long seq, long entries) {
    for (long i = 0; i < entries; i++) {
      if (entryWord(i, 0) >>> 8 != seq) {
        return false;
      }
    }
    return true;
  }

  /** Word {@code w} (0 to 2) of entry {@code i}. */
  private long entryWord(long i, int w) {
    long index = i;
    for (RedoLog s : segments) {
      int cap = s.capacity();
      if (index < cap) {
        return Memory.getLong(s.raw(FIRST + index * 24 + 8L * w));
      }
      index -= cap;
    }
    throw Errors.pastLog(i);
  }
}
