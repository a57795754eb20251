package org.jnvm.fa;

import java.util.ArrayList;
import java.util.List;
import org.jnvm.errors.Errors;
import org.jnvm.heap.Handle;
import org.jnvm.heap.BlockAccess;
import org.jnvm.heap.Heap;
import org.jnvm.heap.InFlight;
import org.jnvm.heap.alloc.LongStack;
import org.jnvm.log.LogPool;
import org.jnvm.log.RedoLog;
import org.jnvm.memory.Memory;

/**
 * The calling thread's failure-atomic block (the paper's section 4.2, after Romulus): a redo log,
 * and in-flight copies of the blocks of valid objects it writes, looked up by the original block's
 * address so that every proxy of an object sees the block's own writes. Objects allocated in the
 * block are written in place; they are invalid until commit, so a crash frees them.
 *
 * <p>Commit: write back the in-flight copies, the new objects and the log; pfence; mark the log
 * committed; pfence; copy the in-flight blocks over the originals, validate the new objects and
 * free the freed ones; pfence; empty the log; pfence; release the copies. A block that allocated
 * nothing seals its log instead of the first fence and the mark: a checksum of the entries and the
 * copies, stored with the mark in one line, tells recovery whether all of them reached memory
 * (see {@link RedoLog#seal()}). The last fence is one more than the paper's protocol has, and it
 * is needed: until the log's emptiness is durable, a
 * crash replays the block, and any store made after the commit to the blocks it applied (by this
 * thread or another, failure-atomic or not) could reach memory first and be overwritten by that
 * replay.
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
  private RedoLog log;
  /** Original block address to in-flight block address. */
  private final LongLongMap copies = new LongLongMap();
  /** Pairs of (original address, in-flight block number), in the order they were taken. */
  private final LongStack copyList = new LongStack();
  private final List<Handle> allocated = new ArrayList<>();
  private final LongLongMap allocatedOffsets = new LongLongMap();
  private final List<Handle> freed = new ArrayList<>();
  private final List<Runnable> afterCommit = new ArrayList<>();
  private final List<Runnable> afterAbort = new ArrayList<>();
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
      List<Runnable> actions = List.copyOf(afterCommit);
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
      List<Runnable> actions = List.copyOf(afterAbort);
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
      throw new IllegalStateException("FailureAtomic." + (onCommit ? "onCommit" : "onAbort") + "() outside a block");
    }
    (onCommit ? afterCommit : afterAbort).add(action);
  }

  private void checkOpen(String what) {
    if (depth == 0) {
      throw new IllegalStateException("FailureAtomic." + what + "() without a matching start()");
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
      pool = LogPool.of(h);
    } else if (heap != h) {
      throw Errors.blockSpansHeaps(heap.path(), h.path());
    }
  }

  private RedoLog log() {
    if (log == null) {
      internal = true;
      try {
        log = pool.acquire();
      } finally {
        internal = false;
      }
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

  long read(long blockAddress, long inBlock, long direct) {
    if (!inBlock() || copies.isEmpty()) {
      return direct;
    }
    long copy = copies.get(blockAddress);
    return copy == 0 ? direct : copy + inBlock;
  }

  long write(Handle h, long blockAddress, long inBlock, long direct) {
    if (!inBlock()) {
      return direct;
    }
    bind(h.heap());
    long copy = copies.get(blockAddress);
    if (copy != 0) {
      return copy + inBlock;
    }
    if (allocatedOffsets.get(h.offset() + 1) != 0 || !blocks.isValid(h.offset())) {
      return direct; // a new or invalid object: a crash frees it, so it is written in place
    }
    Object owner = pool.claim(blockAddress, this);
    if (owner != null) {
      throw Errors.blockConflict(heap.path(), h.offset());
    }
    long block = blocks.allocateBlock();
    copy = blocks.address(block);
    Memory.copy(blockAddress, copy, blocks.blockSize());
    copies.put(blockAddress, copy);
    copyList.push(blockAddress);
    copyList.push(block);
    append(RedoLog.COPY, blocks.blockAt(blockAddress), block);
    return copy + inBlock;
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
    if (log == null) {
      return;
    }
    int blockSize = blocks.blockSize();
    for (int i = 0; i < copyList.size(); i += 2) {
      heap.persistence().pwb(blocks.address(copyList.get(i + 1)), blockSize);
    }
    internal = true;
    if (allocated.isEmpty()) {
      log.seal();
    } else {
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
    for (int i = 0; i < copyList.size(); i += 2) {
      long original = copyList.get(i);
      Memory.copy(blocks.address(copyList.get(i + 1)), original, blockSize);
      heap.persistence().pwb(original, blockSize);
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
    for (int i = 0; i < copyList.size(); i += 2) {
      pool.unclaim(copyList.get(i));
      blocks.releaseBlock(copyList.get(i + 1));
    }
  }

  private void rollback() {
    if (heap == null) {
      return;
    }
    for (int i = 0; i < copyList.size(); i += 2) {
      pool.unclaim(copyList.get(i));
      blocks.releaseBlock(copyList.get(i + 1));
    }
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
    if (log != null) {
      pool.release(log);
      log = null;
    }
    heap = null;
    blocks = null;
    pool = null;
    copies.clear();
    copyList.clear();
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
    protected long writeAddress(Handle h, long off, long direct) {
      long inBlock = direct - h.blockAddress(off);
      return current().write(h, direct - inBlock, inBlock, direct);
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
