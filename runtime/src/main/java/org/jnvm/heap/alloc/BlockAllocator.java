package org.jnvm.heap.alloc;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out block indices: from the volatile free queue first, then by bumping a pointer into
 * never-used blocks. Nothing here fences per allocation, and nothing here writes a block.
 *
 * <p><b>The bump pointer.</b> Its persistent copy is a high-water mark that moves ahead in windows:
 * before a block of a new window is handed out, the window's end is stored, written back and
 * fenced, once per window. So every block ever handed out lies below the durable mark, blocks at
 * or above it have never been written (the file is sparse there, so they read as zero and need no
 * clearing), and a header scan below the mark sees every object that a crash can have left valid.
 *
 * <p><b>Freed blocks wait for a fence.</b> A block freed by a thread is reused only after that
 * thread's next pfence (see {@link #releaseLimbo()}). Otherwise the block could be rewritten by its
 * next owner, and the rewrite reach persistence, before the invalidation of its old object does; a
 * crash would then leave the old object valid over someone else's data.
 */
public final class BlockAllocator {
  /** Flag in a returned index: the block comes from the bump pointer and is known to be zero. */
  public static final long FRESH = 1L << 62;
  /** Limbo size past which {@link #free} asks its caller to fence. */
  public static final int LIMBO_LIMIT = 4096;

  /** Stores a new persistent high-water mark, writes it back and fences. */
  @FunctionalInterface
  public interface BumpStore {
    void reserve(long end);
  }

  private final long blockCount;
  private final long window;
  private final BumpStore store;
  private final AtomicLong next;
  private final FreeBlocks free = new FreeBlocks();
  private final ThreadLocal<LongStack> limbo = ThreadLocal.withInitial(LongStack::new);
  private volatile long reserved;

  /**
   * @param bump the persistent high-water mark read from the heap; allocation continues from it
   * @param window how many blocks one reservation covers
   */
  public BlockAllocator(long blockCount, long bump, long window, BumpStore store) {
    this.blockCount = blockCount;
    this.window = window;
    this.store = store;
    this.next = new AtomicLong(bump);
    this.reserved = bump;
  }

  /** One block index, possibly flagged {@link #FRESH}, or -1 when the heap is full. */
  public long allocate() {
    return allocate(FreeBlocks.home());
  }

  /** {@link #allocate()} for a thread whose home stripe of the free queue is {@code home}. */
  private long allocate(int home) {
    long b = free.poll(home);
    return b >= 0 ? b : bump();
  }

  /**
   * Fills {@code out} with block indices (possibly flagged {@link #FRESH}). When the heap cannot
   * supply them all it takes none: what it took goes back and it returns false.
   */
  public boolean allocate(long[] out) {
    int home = FreeBlocks.home();
    for (int i = 0; i < out.length; i++) {
      long b = allocate(home);
      if (b < 0) {
        for (int j = 0; j < i; j++) {
          free.push(out[j] & ~FRESH);
        }
        return false;
      }
      out[i] = b;
    }
    return true;
  }

  private long bump() {
    while (true) {
      long b = next.get();
      if (b >= blockCount) {
        return -1;
      }
      if (b >= reserved) {
        reserveThrough(b);
        continue;
      }
      if (next.compareAndSet(b, b + 1)) {
        return b | FRESH;
      }
    }
  }

  private synchronized void reserveThrough(long block) {
    if (block < reserved) {
      return;
    }
    long end = Math.min(blockCount, block + window);
    store.reserve(end);
    reserved = end;
  }

  /** Puts a block back at once; for blocks that never held a valid object. */
  public void release(long block) {
    free.push(block);
  }

  /**
   * Queues a block of a freed object until this thread's next fence. Returns true when the
   * thread's queue is long enough that the caller should fence now.
   */
  public boolean free(long block) {
    return free(limbo(), block);
  }

  /**
   * The calling thread's queue of freed blocks, for {@link #free(LongStack, long)}: one lookup for
   * all the blocks of an object rather than one per block.
   */
  public LongStack limbo() {
    return limbo.get();
  }

  /** {@link #free(long)} for a thread that has its {@link #limbo()} at hand; it must be its own. */
  public boolean free(LongStack limbo, long block) {
    limbo.push(block);
    return limbo.size() >= LIMBO_LIMIT;
  }

  /** After a pfence by this thread: its freed blocks become reusable. */
  public void releaseLimbo() {
    LongStack l = limbo.get();
    if (!l.isEmpty()) {
      free.pushReleased(l);
      l.clear();
    }
  }

  /** Recovery's result: these blocks are free. */
  public void addFree(LongStack blocks) {
    free.pushAll(blocks);
  }

  /** The first block never handed out. */
  public long bumpPointer() {
    return next.get();
  }

  /** Blocks in the free queue, not counting those waiting for a fence. */
  public long freeBlocks() {
    return free.size();
  }

  /** Blocks still available: the free queue plus what the bump pointer has not reached. */
  public long availableBlocks() {
    return free.size() + Math.max(0, blockCount - next.get());
  }
}
