package org.jnvm.log;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.Heap;
import org.jnvm.memory.Memory;

/**
 * A heap's redo logs as the running program sees them: a pool that lends an idle log to each thread
 * whose blocks need one, so there is no fixed number of threads and the logs of threads that ended
 * are reused; and the claims that stop two concurrent blocks from copying the same block.
 *
 * <p>A thread keeps the log it was lent from block to block ({@link #lend}), until it gives it back
 * ({@link #giveBack}) to write to another heap, or ends: a log for each block, taken from a shared
 * queue and put back, cost every block a few atomic updates of that queue's lines, which two
 * threads' blocks passed back and forth. The pool takes back the logs of threads that ended when it
 * has no idle one left, before it makes a new one.
 */
public final class LogPool {
  private static final int FIRST_DIRECTORY = 16;

  private final Heap heap;
  private final ConcurrentLinkedQueue<RedoLog> idle = new ConcurrentLinkedQueue<>();
  private final List<Loan> loans = new ArrayList<>();
  private final BlockClaims claims;
  private LogDirectory directory;
  private int used;

  private LogPool(Heap heap) {
    this.heap = heap;
    this.claims = new BlockClaims(heap.blocks().blockCount());
    long offset = Memory.getLong(heap.blocks().logDirectoryWord());
    if (offset != 0) {
      directory = directoryAt(heap, offset);
      for (int i = 0; i < directory.length(); i++) {
        RedoLog log = directory.get(i);
        if (log != null) {
          idle.add(log);
          used = i + 1;
        }
      }
    }
  }

  /** The pool of {@code heap}, made on first use. */
  public static LogPool of(Heap heap) {
    return heap.extension(LogPool.class, LogPool::new);
  }

  /** True when this is {@code heap}'s pool. */
  public boolean serves(Heap heap) {
    return this.heap == heap;
  }

  /** Lends {@code owner} an idle log, or a new one published in the directory, until it gives it back or ends. */
  public RedoLog lend(Thread owner) {
    RedoLog log = idle.poll();
    if (log == null) {
      log = reclaimOrCreate();
    }
    synchronized (loans) {
      loans.add(new Loan(new WeakReference<>(owner), log));
    }
    return log;
  }

  /** Takes back a log {@link #lend} lent, which its thread holds no committed block in. */
  public void giveBack(RedoLog log) {
    synchronized (loans) {
      loans.removeIf(loan -> loan.log == log);
    }
    idle.add(log);
  }

  /** The log of a thread that ended, or else a new one. */
  private RedoLog reclaimOrCreate() {
    synchronized (loans) {
      for (Iterator<Loan> it = loans.iterator(); it.hasNext(); ) {
        Loan loan = it.next();
        Thread owner = loan.owner.get();
        if (owner == null || !owner.isAlive()) {
          it.remove();
          return loan.log;
        }
      }
    }
    return create();
  }

  /**
   * A log lent to a thread. A thread ends only after its last block did, and a block leaves its
   * log empty whether it commits or aborts, so the log of a thread that ended holds no block.
   */
  private record Loan(WeakReference<Thread> owner, RedoLog log) {}

  /**
   * Claims block number {@code block} for the calling block's in-flight copy: false if another
   * block holds a copy of it.
   */
  public boolean claim(long block) {
    return claims.claim(block);
  }

  /** Releases a claim {@link #claim} granted. */
  public void unclaim(long block) {
    claims.release(block);
  }

  private synchronized RedoLog create() {
    RedoLog log = RedoLog.create(heap);
    heap.pfence();
    if (directory == null || used == directory.length()) {
      publish(directory == null ? LogDirectory.create(heap, FIRST_DIRECTORY) : directory.grown(directory.length() * 2));
    }
    directory.set(used++, log);
    return log;
  }

  /** Makes {@code bigger} the directory with one store of the superblock word, then frees the old one. */
  private void publish(LogDirectory bigger) {
    heap.pfence();
    long word = heap.blocks().logDirectoryWord();
    Memory.putLong(word, bigger.handle().offset());
    heap.persistence().pwb(word);
    heap.pfence();
    if (directory != null) {
      heap.free(directory);
    }
    directory = bigger;
  }

  /** Recovery's first step: replays every committed log of {@code heap}. Returns the entries applied. */
  public static long replay(Heap heap) {
    long offset = Memory.getLong(heap.blocks().logDirectoryWord());
    if (offset == 0) {
      return 0;
    }
    LogDirectory d = directoryAt(heap, offset);
    long applied = 0;
    for (int i = 0; i < d.length(); i++) {
      RedoLog log = d.get(i);
      if (log != null) {
        applied += log.replay();
      }
    }
    heap.pfence();
    return applied;
  }

  private static LogDirectory directoryAt(Heap heap, long offset) {
    PObject o = heap.resurrect(offset);
    if (!(o instanceof LogDirectory d) || !d.isValid()) {
      throw Errors.corrupt(heap.path(), "the superblock's redo-log directory word does not name a valid log directory");
    }
    return d;
  }
}
