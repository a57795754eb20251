package org.jnvm.recovery;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.errors.Errors;
import org.jnvm.heap.alloc.LongStack;
import org.jnvm.heap.format.BlockHeader;
import org.jnvm.heap.format.Geometry;
import org.jnvm.heap.format.PoolBlock;
import org.jnvm.heap.registry.ClassRegistry;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.jnvm.memory.Memory;

/**
 * The recovery-time collector (the paper's section 4.1.3), run when a heap is opened, after the
 * redo logs are replayed.
 *
 * <ol>
 *   <li>Mark: from the roots, follow references through the layouts in the class registry, with
 *       an explicit stack and a bitmap of blocks. A reference to anything that is not a valid,
 *       well-formed object is set to null once marking is done, so that marking writes nothing
 *       to a heap it then finds corrupt.
 *   <li>Sweep: every unmarked block below the bump pointer gets a zero header and joins the free
 *       queue, then one pfence.
 * </ol>
 *
 * <p>No proxy is created to traverse. Every step is idempotent, so a crash during recovery is
 * repaired by recovering again. Objects whose classes override {@code recover()} are listed here
 * and called by the heap once it is fully open.
 */
public final class Recovery {
  private static final System.Logger LOG = System.getLogger("org.jnvm.recovery");
  private static final long PROGRESS_EVERY = 1L << 20;
  /** How many of the references cleared at an open the log line names. */
  private static final int CLEARED_NAMED = 5;

  private final HeapView heap;
  private final Geometry g;
  private final ClassRegistry registry;
  private final long firstData;
  private final long bump;
  private final long[] marks;
  private final LongStack chain = new LongStack();
  private final LongStack work = new LongStack();
  private final LongStack recoverList = new LongStack();
  /** Words that marking found dangling, cleared only once marking has found no corruption. */
  private final LongStack toClear = new LongStack();
  private final Boolean[] needsRecover;
  /** Live pool blocks, and for each the slots found reachable (GC mode only). */
  private final LongStack poolBlocks = new LongStack();
  private final java.util.HashMap<Long, long[]> reachedSlots = new java.util.HashMap<>();
  private long liveObjects;
  private long liveBlocks;
  /** Where the first {@link #CLEARED_NAMED} cleared references were, as "Class.field" or "a root". */
  private final List<String> clearedAt = new ArrayList<>();

  /** The blocks recovery found free, and the objects whose {@code recover()} is due. */
  public record Result(LongStack freeBlocks, LongStack poolBlocks, LongStack toRecover, RecoveryReport report) {}

  private Recovery(HeapView heap) {
    this.heap = heap;
    this.g = heap.geometry();
    this.registry = heap.registry();
    this.firstData = g.firstDataBlock();
    this.bump = heap.bumpPointer();
    this.marks = new long[(int) ((bump + 63) >>> 6)];
    this.needsRecover = new Boolean[registry.size() + 1];
  }

  public static Result run(HeapView heap, RecoveryMode mode, boolean cleanShutdown) {
    long start = System.nanoTime();
    Recovery r = new Recovery(heap);
    if (mode == RecoveryMode.GC) {
      r.markFromRoots();
      r.clearMarked();
      r.clearUnreachedSlots();
    } else {
      r.markValidHeaders();
      r.clearMarked();
    }
    LongStack free = r.sweep();
    RecoveryReport report =
        new RecoveryReport(mode, r.liveObjects, r.liveBlocks, free.size(), r.toClear.size(), r.recoverList.size(), cleanShutdown, System.nanoTime() - start);
    if (mode == RecoveryMode.GC) {
      r.logCleared(cleanShutdown);
    }
    LOG.log(
        Level.DEBUG,
        "recovered {0} ({1}): {2} live objects in {3} blocks, {4} blocks free, {5} references cleared, {6} ms",
        heap.path(), mode, report.liveObjects(), report.liveBlocks(), report.freedBlocks(), report.clearedReferences(), report.nanos() / 1_000_000);
    return new Result(free, r.poolBlocks, r.recoverList, report);
  }

  private void markFromRoots() {
    for (long word : heap.rootWords()) {
      if (visit(word)) {
        noteCleared("a root");
      }
    }
    while (!work.isEmpty()) {
      scan(work.pop());
    }
  }

  /** The no-GC mode: every valid, well-formed master is live; nothing is traversed. */
  private void markValidHeaders() {
    for (long b = firstData; b < bump; b++) {
      long h = Memory.getLong(heap.headerAddress(b));
      if (BlockHeader.isMaster(h) && BlockHeader.isValid(h) && !isMarked(b)) {
        Layout layout = layoutOf(h);
        if (layout == null || !collectChain(b, h, layout)) {
          // Valid but malformed: make it invalid, so that references to it read as dangling.
          clearWord(heap.headerAddress(b));
          continue;
        }
        markCollected(b);
        if (isPool(h)) {
          poolBlocks.push(b);
        }
      }
    }
  }

  private boolean isPool(long header) {
    ClassRegistry.Entry e = registry.entry(BlockHeader.classId(header));
    return e != null && e.isPool();
  }

  /**
   * Follows the reference stored at {@code word}, clearing it if it leads to no live object; true
   * if it cleared it.
   */
  private boolean visit(long word) {
    long ref = Memory.getLong(word);
    if (ref == 0) {
      return false;
    }
    long block = ref >>> g.blockShift();
    if (block < firstData || block >= bump) {
      clearWord(word);
      return true;
    }
    if ((ref & g.blockMask()) != 0) {
      return visitSlot(word, ref, block);
    }
    if (isMarked(block)) {
      // Already live: only a master can be reached, since a slave's header has class id 0.
      return false;
    }
    long h = Memory.getLong(heap.headerAddress(block));
    Layout layout = BlockHeader.isMaster(h) && BlockHeader.isValid(h) ? layoutOf(h) : null;
    if (layout == null || !collectChain(block, h, layout)) {
      clearWord(word);
      return true;
    }
    markCollected(block);
    work.push(block);
    return false;
  }

  /**
   * A reference into a pool block: live if the block is a valid pool and the slot's valid bit is
   * set. The block is kept; which of its slots were reached is remembered for {@link
   * #clearUnreachedSlots()}. Pooled objects hold no references, so nothing is scanned.
   */
  private boolean visitSlot(long word, long ref, long block) {
    long h = Memory.getLong(heap.headerAddress(block));
    ClassRegistry.Entry e = BlockHeader.isMaster(h) && BlockHeader.isValid(h) && !BlockHeader.hasReservedBits(h)
        ? registry.entry(BlockHeader.classId(h)) : null;
    int slot = e == null || !e.isPool() ? -1 : new PoolBlock(g.blockSize(), e.slotSize()).slotAt(ref & g.blockMask());
    long bitmap = heap.blockAddress(block);
    if (slot < 0 || (Memory.getLong(bitmap + PoolBlock.bitmapWord(slot)) & PoolBlock.bit(slot)) == 0) {
      clearWord(word);
      return true;
    }
    long[] reached = reachedSlots.get(block);
    if (reached == null) {
      if (isMarked(block)) {
        throw Errors.corrupt(heap.path(), "pool block " + block + " also belongs to an object");
      }
      chain.clear();
      chain.push(block);
      markCollected(block, false);
      poolBlocks.push(block);
      reached = new long[(new PoolBlock(g.blockSize(), e.slotSize()).slots() + 63) >>> 6];
      reachedSlots.put(block, reached);
    }
    if ((reached[slot >>> 6] & (1L << slot)) == 0) {
      reached[slot >>> 6] |= 1L << slot;
      countLive();
    }
    return false;
  }

  /** In every live pool block, clears the valid bit of each slot that no reference reached. */
  private void clearUnreachedSlots() {
    for (int i = 0; i < poolBlocks.size(); i++) {
      long block = poolBlocks.get(i);
      long[] reached = reachedSlots.get(block);
      long bitmap = heap.blockAddress(block);
      for (int w = 0; w < reached.length; w++) {
        long at = bitmap + w * 8L;
        long valid = Memory.getLong(at);
        if ((valid & ~reached[w]) != 0) {
          Memory.putLong(at, valid & reached[w]);
          heap.persistence().pwb(at);
        }
      }
    }
  }

  private void scan(long master) {
    long h = Memory.getLong(heap.headerAddress(master));
    Layout layout = layoutOf(h);
    collectChain(master, h, layout);
    // visit() reuses the chain scratch for the objects it reaches, so keep this object's blocks.
    long[] blocks = chain.toArray();
    for (int i = 0; i < layout.refCount(); i++) {
      if (visit(payloadAddress(blocks, layout.refOffset(i)))) {
        noteCleared(h, layout, layout.refOffset(i));
      }
    }
    Layout.Tail tail = layout.tail().orElse(null);
    if (tail != null && tail.kind() == FieldKind.REF) {
      scanTail(master, blocks, layout, tail);
    }
  }

  private void scanTail(long master, long[] blocks, Layout layout, Layout.Tail tail) {
    Layout.Field lengthField = layout.field(tail.lengthField()).orElseThrow();
    long lengthAt = payloadAddress(blocks, lengthField.offset());
    long length = lengthField.kind() == FieldKind.INT ? Memory.getInt(lengthAt) : Memory.getLong(lengthAt);
    long room = (((long) blocks.length << g.blockShift()) - tail.offset()) / 8;
    if (length < 0 || length > room) {
      throw Errors.corrupt(heap.path(), "array at block " + master + " claims " + length + " elements but has room for " + room);
    }
    for (long i = 0; i < length; i++) {
      if (visit(payloadAddress(blocks, tail.offset() + i * 8))) {
        noteClearedElement(master, i);
      }
    }
  }

  /** The registry layout for a master header, or null if its class id is unknown. */
  private Layout layoutOf(long header) {
    if (BlockHeader.hasReservedBits(header)) {
      return null;
    }
    ClassRegistry.Entry e = registry.entry(BlockHeader.classId(header));
    return e == null ? null : e.layout();
  }

  /**
   * Collects the object's blocks into {@code chain}; false if the chain is malformed: a link out of
   * range, a link to another master, a cycle, or a length its layout rules out.
   */
  private boolean collectChain(long master, long header, Layout layout) {
    chain.clear();
    chain.push(master);
    boolean fixed = layout.tail().isEmpty();
    long expected = fixed ? Math.max(1, (layout.size() + g.blockSize() - 1) >>> g.blockShift()) : bump - firstData;
    long next = BlockHeader.next(header);
    while (next != 0) {
      if (next < firstData || next >= bump || chain.size() >= expected) {
        return false;
      }
      long h = Memory.getLong(heap.headerAddress(next));
      if (BlockHeader.isMaster(h) || BlockHeader.hasReservedBits(h)) {
        return false;
      }
      chain.push(next);
      next = BlockHeader.next(h);
    }
    long capacity = (long) chain.size() << g.blockShift();
    return fixed ? chain.size() == expected : capacity >= layout.size();
  }

  private void markCollected(long master) {
    markCollected(master, true);
  }

  /** Marks the blocks in {@code chain}; {@code isObject} is false for a pool block, whose slots count instead. */
  private void markCollected(long master, boolean isObject) {
    for (int i = 0; i < chain.size(); i++) {
      if (isMarked(chain.get(i))) {
        throw Errors.corrupt(heap.path(), "block " + chain.get(i) + " belongs to two objects (the second starts at block " + master + ")");
      }
    }
    for (int i = 0; i < chain.size(); i++) {
      long b = chain.get(i);
      marks[(int) (b >>> 6)] |= 1L << b;
    }
    liveBlocks += chain.size();
    if (!isObject) {
      return;
    }
    countLive();
    long h = Memory.getLong(heap.headerAddress(master));
    if (needsRecover(BlockHeader.classId(h))) {
      recoverList.push(master);
    }
  }

  private void countLive() {
    if (++liveObjects % PROGRESS_EVERY == 0) {
      LOG.log(Level.INFO, "recovering {0}: {1} live objects so far", heap.path(), liveObjects);
    }
  }

  private boolean needsRecover(int classId) {
    Boolean known = needsRecover[classId];
    if (known == null) {
      ClassRegistry.Entry e = registry.entry(classId);
      boolean overrides;
      try {
        overrides = registry.resolve(e).overridesRecover();
      } catch (RuntimeException missing) {
        LOG.log(Level.WARNING, "recovering {0}: cannot check recover() of {1}: {2}", heap.path(), e.name(), missing.getMessage());
        overrides = false;
      }
      known = overrides;
      needsRecover[classId] = known;
    }
    return known;
  }

  private long payloadAddress(long[] blocks, long off) {
    return heap.blockAddress(blocks[(int) (off >>> g.blockShift())]) + (off & g.blockMask());
  }

  private boolean isMarked(long block) {
    return (marks[(int) (block >>> 6)] & (1L << block)) != 0;
  }

  /** Notes that the reference at payload offset {@code off} of an object with header {@code header} was cleared. */
  private void noteCleared(long header, Layout layout, long off) {
    if (clearedAt.size() < CLEARED_NAMED) {
      String field = layout.fields().stream()
          .filter(f -> f.offset() <= off && off < f.offset() + f.size())
          .map(Layout.Field::name).findFirst().orElse("@" + off);
      noteCleared(registry.entry(BlockHeader.classId(header)).name() + "." + field);
    }
  }

  private void noteClearedElement(long master, long index) {
    if (clearedAt.size() < CLEARED_NAMED) {
      noteCleared(registry.entry(BlockHeader.classId(Memory.getLong(heap.headerAddress(master)))).name() + "[" + index + "]");
    }
  }

  private void noteCleared(String where) {
    if (clearedAt.size() < CLEARED_NAMED) {
      clearedAt.add(where);
    }
  }

  /**
   * One line for the references this recovery cleared: a warning on a heap closed cleanly, where
   * only a program can have stored a reference to an object it never published, and information
   * after a crash, which can leave them legitimately.
   */
  private void logCleared(boolean cleanShutdown) {
    int cleared = toClear.size();
    if (cleared == 0) {
      return;
    }
    String where = String.join(", ", clearedAt) + (cleared > clearedAt.size() ? ", ..." : "");
    if (cleanShutdown) {
      LOG.log(Level.WARNING,
          "recovering {0}: cleared {1,choice,1#1 reference|1<{1} references} to objects that were not valid ({2}), although "
              + "the heap had been closed cleanly: a program stored them into published objects with plain stores, without "
              + "publishing what they name (Roots.put, updateX, validate() and the puts of containers publish new objects), "
              + "or the file was damaged; the objects they named are lost",
          heap.path(), cleared, where);
    } else {
      LOG.log(Level.INFO, "recovering {0} after a crash: cleared {1,choice,1#1 reference|1<{1} references} to objects that were not valid ({2})",
          heap.path(), cleared, where);
    }
  }

  /**
   * Notes a word to clear once marking is done, so that corruption found on the way throws before
   * anything is written. Marking reads each reference once; a header cleared in no-GC mode reads
   * as a master until then, so a chain through it is malformed whatever the order of the scan.
   */
  private void clearWord(long word) {
    toClear.push(word);
  }

  private void clearMarked() {
    for (int i = 0; i < toClear.size(); i++) {
      long word = toClear.get(i);
      Memory.putLong(word, 0);
      heap.persistence().pwb(word);
    }
  }

  /** Zeroes the header of every unmarked block, collects those blocks, and fences once. */
  private LongStack sweep() {
    LongStack free = new LongStack(1024);
    long lastLine = -1;
    for (long b = firstData; b < bump; b++) {
      if (isMarked(b)) {
        continue;
      }
      long at = heap.headerAddress(b);
      if (Memory.getLong(at) != 0) {
        Memory.putLong(at, 0);
        long line = at & -Memory.CACHE_LINE;
        if (line != lastLine) {
          heap.persistence().pwb(line);
          lastLine = line;
        }
      }
      free.push(b);
    }
    heap.persistence().pfence();
    return free;
  }
}
