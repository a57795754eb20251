package org.jnvm.fa;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.errors.Errors;
import org.jnvm.heap.Handle;
import org.jnvm.heap.BlockAccess;
import org.jnvm.heap.Heap;
import org.jnvm.heap.InFlight;
import org.jnvm.log.LineMask;
import org.jnvm.log.LogPool;
import org.jnvm.log.RedoLog;
import org.jnvm.memory.Memory;
import org.jnvm.persist.Persistence;

/**
 * The calling thread's failure-atomic block (the paper's section 4.2, after Romulus): a redo log,
 * and in-flight copies of the blocks of valid objects it writes, looked up by the original block's
 * address so that every proxy of an object sees the block's own writes. Objects allocated in the
 * block are written in place; they are invalid until commit, so a crash frees them.
 *
 * <p>Each copy keeps a mask of the cache lines the block wrote in it ({@link LineMask}); commit
 * writes back, logs and applies those lines only, since the others still equal the original.
 *
 * <p>Commit: log the copies with their masks; keep a copy of the lines written in the copies on the
 * Java heap and write them back, with the new objects and the log; pfence; mark the log committed;
 * pfence; copy the kept lines over the originals, validate the new objects and free the freed ones;
 * pfence; empty the log; pfence; release the copies. A block that allocated nothing seals its log
 * instead of the first fence and the mark: a checksum of the entries and of the written lines of
 * the copies, stored with the mark in one line, tells recovery whether all of them reached memory
 * (see {@link RedoLog#seal()}); it commits with three fences, and writes back, for one field, four
 * lines: the copy's, the log's first line (the entry, the count, the seal and the mark), the
 * original's, and the log's first line again to empty it. The last fence is one more than the
 * paper's protocol has, and it is needed: until the log's emptiness is durable, a crash replays the
 * block, and any store made after the commit to the blocks it applied (by this thread or another,
 * failure-atomic or not) could reach memory first and be overwritten by that replay.
 */
final class Transaction {
  private static final ThreadLocal<Transaction> CURRENT = ThreadLocal.withInitial(Transaction::new);

  static {
    Hook.installHook();
  }

  private int depth;
  private Heap heap;
  private BlockAccess blocks;
  private LogPool pool;
  /**
   * The log pool of the last heap this thread's blocks wrote to, kept across blocks: looking it up
   * in the heap's extensions is a large share of a short block's time. Weak, so that a thread does
   * not keep a closed heap alive.
   */
  private WeakReference<LogPool> lastPool = new WeakReference<>(null);
  /**
   * The log that {@link #lastPool} lent this thread, kept from block to block (see {@link
   * LogPool}); weak like the pool, which holds it while it is lent.
   */
  private WeakReference<RedoLog> lentLog = new WeakReference<>(null);
  /** The log of the current block, once it needs one. */
  private RedoLog log;
  private final InFlightCopies copies = new InFlightCopies();
  private final List<Handle> allocated = new ArrayList<>();
  private final LongLongMap allocatedOffsets = new LongLongMap();
  private final List<Handle> freed = new ArrayList<>();
  private final List<Runnable> afterCommit = new ArrayList<>();
  private final List<Runnable> afterAbort = new ArrayList<>();
  /** log2 of the size of the parts of a block that a copy's mask tracks; set with the heap. */
  private int granuleShift;
  /** What the block wrote in its copies, between {@link #stageCopies} and the apply. */
  private byte[] staged = new byte[1024];
  /** Set while the block grows its own log, whose writes must not be redirected. */
  private boolean internal;

  static Transaction current() {
    return CURRENT.get();
  }

  static int depth() {
    return CURRENT.get().depth;
  }

  void start() {
    if (depth++ == 0) {
      Hook.enterBlock();
    }
  }

  void end() {
    checkOpen("end");
    if (--depth == 0) {
      List<Runnable> actions = afterCommit.isEmpty() ? List.of() : List.copyOf(afterCommit);
      try {
        commit();
      } finally {
        reset();
      }
      actions.forEach(Runnable::run);
    }
  }

  void abort() {
    checkOpen("abort");
    if (--depth == 0) {
      List<Runnable> actions = afterAbort.isEmpty() ? List.of() : List.copyOf(afterAbort);
      try {
        rollback();
      } finally {
        reset();
      }
      actions.forEach(Runnable::run);
    }
  }

  void onEnd(Runnable action, boolean onCommit) {
    if (depth == 0) {
      throw Errors.outsideBlock(onCommit ? "onCommit" : "onAbort");
    }
    (onCommit ? afterCommit : afterAbort).add(action);
  }

  private void checkOpen(String what) {
    if (depth == 0) {
      throw Errors.unmatchedEnd(what);
    }
  }

  // ---------------------------------------------------------------- redirection

  private boolean inBlock() {
    return depth > 0 && !internal;
  }

  private void bind(Heap h) {
    if (heap == null) {
      heap = h;
      blocks = h.blocks();
      LogPool last = lastPool.get();
      if (last == null || !last.serves(h)) {
        RedoLog lent = lentLog.get();
        if (last != null && lent != null) {
          last.giveBack(lent);
        }
        lentLog = new WeakReference<>(null);
        last = LogPool.of(h);
        lastPool = new WeakReference<>(last);
      }
      pool = last;
      granuleShift = LineMask.granuleShift(blocks.blockSize());
    } else if (heap != h) {
      throw Errors.blockSpansHeaps(heap.path(), h.path());
    }
  }

  private RedoLog log() {
    if (log == null) {
      RedoLog lent = lentLog.get();
      if (lent == null) {
        internal = true;
        try {
          lent = pool.lend(Thread.currentThread());
        } finally {
          internal = false;
        }
        lentLog = new WeakReference<>(lent);
      }
      log = lent;
      log.begin();
    }
    return log;
  }

  private void append(int kind, long a, long b) {
    RedoLog l = log();
    internal = true;
    try {
      l.append(kind, a, b);
    } finally {
      internal = false;
    }
  }

  /**
   * Logs every copy with the granules the block wrote in it. Done at commit rather than at the
   * first write, so that the entry holds the final mask and is written once.
   */
  private void logCopies() {
    RedoLog l = log();
    internal = true;
    try {
      for (int i = 0; i < copies.size(); i++) {
        l.appendCopy(copies.originalBlock(i), copies.block(i), copies.written(i));
      }
    } finally {
      internal = false;
    }
  }

  long read(long blockAddress, long inBlock, long direct) {
    if (!inBlock() || copies.isEmpty()) {
      return direct;
    }
    int slot = copies.find(blockAddress);
    return slot < 0 ? direct : copies.address(slot) + inBlock;
  }

  long write(Handle h, long blockAddress, long inBlock, int width, long direct) {
    if (!inBlock()) {
      return direct;
    }
    bind(h.heap());
    int slot = copies.find(blockAddress);
    if (slot < 0) {
      slot = copy(h, blockAddress);
      if (slot < 0) {
        return direct; // a new or invalid object: a crash frees it, so it is written in place
      }
    }
    copies.markWritten(slot, LineMask.covering(inBlock, width, granuleShift));
    return copies.address(slot) + inBlock;
  }

  /** Takes an in-flight copy of the block at {@code blockAddress}; -1 if the object is written in place. */
  private int copy(Handle h, long blockAddress) {
    if (allocatedOffsets.get(h.offset() + 1) != 0 || !blocks.isValid(h.offset())) {
      return -1;
    }
    long original = blocks.blockOf(h, blockAddress);
    if (!pool.claim(original)) {
      throw Errors.blockConflict(heap.path(), h.offset());
    }
    long block;
    try {
      block = blocks.allocateBlock();
    } catch (RuntimeException | Error e) {
      pool.unclaim(original); // no copy will release it
      throw e;
    }
    long copy = blocks.address(block);
    Memory.copy(blockAddress, copy, blocks.blockSize());
    return copies.add(blockAddress, original, block, copy);
  }

  boolean deferValidate(Handle h) {
    return inBlock() && allocatedOffsets.get(h.offset() + 1) != 0;
  }

  boolean deferFree(Handle h) {
    if (!inBlock()) {
      return false;
    }
    bind(h.heap());
    freed.add(h);
    append(RedoLog.FREE, h.offset(), 0);
    return true;
  }

  void allocated(Handle h) {
    if (!inBlock()) {
      return;
    }
    bind(h.heap());
    allocated.add(h);
    allocatedOffsets.put(h.offset() + 1, 1);
    append(RedoLog.ALLOC, h.offset(), 0);
  }

  // ---------------------------------------------------------------- commit and abort

  private void commit() {
    if (copies.isEmpty() && log == null) {
      return;
    }
    Persistence p = heap.persistence();
    logCopies();
    internal = true;
    if (allocated.isEmpty()) {
      // The seal's checksum reads the lines written in the copies: before they are written back,
      // since a write-back may evict them (CLFLUSHOPT does). Both precede the same fence.
      log.seal();
      stageCopies();
      writeBackCopies(p);
    } else {
      stageCopies();
      writeBackCopies(p);
      for (Handle h : allocated) {
        if (!h.isFreed()) {
          h.pwb();
        }
      }
      log.prepare();
      heap.pfence();
      log.commit();
    }
    heap.pfence();
    int at = 0;
    for (int i = 0; i < copies.size(); i++) {
      at = LineMask.applyStaged(p, staged, at, copies.original(i), copies.written(i), granuleShift);
    }
    for (Handle h : allocated) {
      blocks.validate(h.offset());
    }
    for (Handle h : freed) {
      blocks.free(h);
    }
    heap.pfence();
    // The emptied log must be durable before anything else can write the blocks just applied:
    // otherwise a crash could replay this block over newer data.
    log.truncate();
    heap.pfence();
    releaseCopies();
  }

  /**
   * Keeps what the block wrote in its copies in {@link #staged}, from which commit applies it once
   * the log is durable: a write-back that evicts the lines it writes back (CLFLUSHOPT, which JDK
   * 17 emits on this project's AMD host) would otherwise have the apply read each line from memory.
   */
  private void stageCopies() {
    int bytes = 0;
    for (int i = 0; i < copies.size(); i++) {
      bytes += LineMask.bytes(copies.written(i), granuleShift);
    }
    if (staged.length < bytes) {
      staged = new byte[Math.max(bytes, 2 * staged.length)];
    }
    int at = 0;
    for (int i = 0; i < copies.size(); i++) {
      at = LineMask.stage(copies.address(i), copies.written(i), granuleShift, staged, at);
    }
  }

  private void writeBackCopies(Persistence p) {
    for (int i = 0; i < copies.size(); i++) {
      LineMask.writeBack(p, copies.address(i), copies.written(i), granuleShift);
    }
  }

  private void releaseCopies() {
    for (int i = 0; i < copies.size(); i++) {
      pool.unclaim(copies.originalBlock(i));
      blocks.releaseBlock(copies.block(i));
    }
  }

  private void rollback() {
    if (heap == null) {
      return;
    }
    releaseCopies();
    for (Handle h : freed) {
      if (allocatedOffsets.get(h.offset() + 1) == 0) {
        blocks.revive(h);
      }
    }
    for (Handle h : allocated) {
      if (!h.isFreed()) {
        blocks.kill(h);
      }
      blocks.free(h);
    }
    if (log != null) {
      internal = true;
      log.truncate();
    }
  }

  private void reset() {
    log = null;
    heap = null;
    blocks = null;
    pool = null;
    copies.clear();
    allocated.clear();
    allocatedOffsets.clear();
    freed.clear();
    afterCommit.clear();
    afterAbort.clear();
    internal = false;
    Hook.exitBlock();
  }

  /** The bridge from the heap's accessors to the calling thread's block. */
  private static final class Hook extends InFlight {
    static void installHook() {
      install(new Hook());
    }

    static void enterBlock() {
      enter();
    }

    static void exitBlock() {
      exit();
    }

    @Override
    protected long readAddress(Handle h, long off, long direct) {
      long inBlock = direct - h.blockAddress(off);
      return current().read(direct - inBlock, inBlock, direct);
    }

    @Override
    protected long writeAddress(Handle h, long off, int width, long direct) {
      long inBlock = direct - h.blockAddress(off);
      return current().write(h, direct - inBlock, inBlock, width, direct);
    }

    @Override
    protected boolean deferValidate(Handle h) {
      return current().deferValidate(h);
    }

    @Override
    protected boolean deferFree(Handle h) {
      return current().deferFree(h);
    }

    @Override
    protected void allocated(Handle h) {
      current().allocated(h);
    }

    @Override
    protected boolean inBlock() {
      return current().depth > 0;
    }
  }
}
