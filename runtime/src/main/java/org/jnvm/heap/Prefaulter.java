package org.jnvm.heap;

import java.util.concurrent.locks.LockSupport;
import org.jnvm.heap.format.Geometry;
import org.jnvm.memory.Memory;

/**
 * Touches the pages of a heap file ahead of the bump pointer, on a daemon thread of its own, so
 * that allocations write to pages the process has already mapped in ({@link HeapConfig#prefault}).
 *
 * <p>The first access to a page of a memory-mapped file traps into the kernel, which on tmpfs also
 * allocates and zeroes the page. On a virtual machine that is several microseconds, paid by
 * whichever allocation first writes to the page: with 256-byte blocks, about one in three inserts
 * of a 1 KiB record. Recycled blocks are in pages touched long ago, so the cost falls only on the
 * fresh blocks of a growing heap, and so on latency tails.
 *
 * <p>It only reads. The pages ahead of the bump pointer have never been written (see {@code
 * BlockAllocator}), and a read fault on a shared tmpfs mapping maps the page for writing as well.
 * The mapping is never unmapped while this object references it, so a touch cannot fault on a
 * closed heap.
 */
final class Prefaulter implements Runnable {
  /** The smallest page of the platforms we run on; touching each 4 KiB also covers larger pages. */
  private static final long PAGE = 4096;
  /** Bytes of blocks touched between two publications of progress and looks for a stop. */
  private static final long STEP_BYTES = 1 << 20;

  private final Mapping mapping;
  private final Geometry geometry;
  private final long aheadBlocks;
  private final long stepBlocks;
  private final Thread thread;
  /** Block up to which pages should be touched. Written under this object's lock. */
  private volatile long wanted;
  /** Block up to which pages have been touched. Written by the thread only. */
  private volatile long touched;
  private volatile boolean stopped;
  /** Where the loaded bytes go, so that the JIT cannot drop the loads. */
  private int sink;

  /**
   * A prefaulter, not started yet, that will keep the pages of {@code aheadBytes} of blocks
   * touched beyond every block given to {@link #allocatedThrough}, beginning at {@code from}:
   * the blocks' own pages and those of their headers.
   */
  Prefaulter(Mapping mapping, Geometry geometry, long from, long aheadBytes) {
    this.mapping = mapping;
    this.geometry = geometry;
    this.aheadBlocks = Math.max(1, aheadBytes >>> geometry.blockShift());
    this.stepBlocks = Math.max(1, STEP_BYTES >>> geometry.blockShift());
    this.touched = from;
    this.wanted = Math.min(geometry.blockCount(), from + aheadBlocks);
    this.thread = new Thread(this, "jnvm-prefault " + mapping.path().getFileName());
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  /** Blocks below {@code block} may be handed out: the pages of the blocks after it want touching. */
  synchronized void allocatedThrough(long block) {
    long want = Math.min(geometry.blockCount(), block + aheadBlocks);
    if (want > wanted) {
      wanted = want;
      LockSupport.unpark(thread);
    }
  }

  /** Block up to which the pages have been touched. */
  long touchedThrough() {
    return touched;
  }

  /** Ends the thread at its next step; pages already touched stay mapped. */
  void stop() {
    stopped = true;
    LockSupport.unpark(thread);
  }

  @Override
  public void run() {
    while (!stopped) {
      long from = touched;
      long target = wanted;
      if (from >= target) {
        LockSupport.park(this);
        continue;
      }
      long to = Math.min(target, from + stepBlocks);
      touch(geometry.blockOffset(from), geometry.blockOffset(to));
      touch(geometry.headerOffset(from), geometry.headerOffset(to));
      touched = to;
    }
  }

  /** Reads a byte of every page that holds a byte of [from, to). */
  private void touch(long from, long to) {
    int s = sink;
    for (long page = from & -PAGE; page < to; page += PAGE) {
      s += Memory.getByte(mapping.address(page));
    }
    sink = s;
  }
}
