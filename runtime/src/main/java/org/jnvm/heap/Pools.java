package org.jnvm.heap;

import java.util.concurrent.ConcurrentHashMap;
import org.jnvm.errors.Errors;
import org.jnvm.heap.alloc.BlockAllocator;
import org.jnvm.heap.alloc.LongStack;
import org.jnvm.heap.format.BlockHeader;
import org.jnvm.heap.format.PoolBlock;
import org.jnvm.heap.registry.ClassRegistry;
import org.jnvm.memory.Memory;

/**
 * Allocation of small immutable objects in shared blocks. Each pool (a class and a slot size) has
 * a volatile stack of free slots; a pool with none takes a new block, whose header is written valid
 * at once: a pool block with no valid slot is garbage that recovery frees. Freed slots wait for the
 * freeing thread's next pfence, as freed blocks do.
 */
final class Pools {
  private static final int MIN_SLOT = 16;

  private final Heap heap;
  private final ConcurrentHashMap<Integer, LongStack> free = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<PClass<?>, int[]> ids = new ConcurrentHashMap<>();
  private final ThreadLocal<LongStack> limbo = ThreadLocal.withInitial(LongStack::new);

  Pools(Heap heap) {
    this.heap = heap;
  }

  /** The slot size for an object of {@code bytes}, or 0 when it should take whole blocks. */
  int slotSizeFor(PClass<?> type, long bytes) {
    int slot = MIN_SLOT;
    while (slot < bytes) {
      slot <<= 1;
    }
    boolean small = slot <= ClassRegistry.MAX_SLOT && slot <= heap.geometry.blockSize() / 4;
    return small && ClassRegistry.isPoolable(type.layout(), slot) ? slot : 0;
  }

  /** The offset of a free, zeroed, invalid slot of {@code type}'s pool of {@code slotSize}. */
  long allocate(PClass<?> type, int slotSize) {
    int poolId = poolId(type, slotSize);
    LongStack stack = free.computeIfAbsent(poolId, k -> new LongStack());
    long slot;
    synchronized (stack) {
      slot = stack.isEmpty() ? 0 : stack.pop();
    }
    if (slot == 0) {
      slot = newBlock(poolId, slotSize, stack);
    }
    // Zeroed and written back, as reused blocks are (see Heap.initBlock).
    Memory.setMemory(heap.addressOf(slot), slotSize, (byte) 0);
    heap.persistence.pwb(heap.addressOf(slot), slotSize);
    return slot;
  }

  private int poolId(PClass<?> type, int slotSize) {
    int[] bySize = ids.computeIfAbsent(type, t -> new int[Integer.numberOfTrailingZeros(ClassRegistry.MAX_SLOT) + 1]);
    int index = Integer.numberOfTrailingZeros(slotSize);
    int id = bySize[index];
    if (id == 0) {
      id = heap.registry().poolIdOf(type, slotSize);
      bySize[index] = id;
    }
    return id;
  }

  /** Takes a block for a pool, keeps its first slot for the caller and offers the others. */
  private long newBlock(int poolId, int slotSize, LongStack stack) {
    long b = heap.allocator().allocate();
    if (b < 0) {
      throw Errors.outOfSpace(heap.path(), slotSize, 0);
    }
    long block = b & ~BlockAllocator.FRESH;
    long start = heap.geometry.blockOffset(block);
    if ((b & BlockAllocator.FRESH) == 0) {
      Memory.setMemory(heap.addressOf(start), heap.geometry.blockSize(), (byte) 0);
      heap.persistence.pwb(heap.addressOf(start), heap.geometry.blockSize());
    }
    heap.headers.write(block, BlockHeader.master(poolId, 0) | BlockHeader.VALID);
    PoolBlock pool = new PoolBlock(heap.geometry.blockSize(), slotSize);
    synchronized (stack) {
      for (int i = pool.slots() - 1; i > 0; i--) {
        stack.push(start + pool.slotOffset(i));
      }
    }
    return start + pool.slotOffset(0);
  }

  /** Queues a freed slot until this thread's next fence. */
  boolean free(long slot) {
    LongStack l = limbo.get();
    l.push(slot);
    return l.size() >= BlockAllocator.LIMBO_LIMIT;
  }

  /** After a pfence by this thread: its freed slots become reusable. */
  void releaseLimbo() {
    LongStack l = limbo.get();
    for (int i = 0; i < l.size(); i++) {
      offer(l.get(i));
    }
    l.clear();
  }

  /** Recovery found these live pool blocks: offer their free slots. */
  void adopt(LongStack poolBlocks) {
    for (int i = 0; i < poolBlocks.size(); i++) {
      long block = poolBlocks.get(i);
      int poolId = BlockHeader.classId(heap.headers.word(block));
      ClassRegistry.Entry e = heap.registry().entry(poolId);
      PoolBlock pool = new PoolBlock(heap.geometry.blockSize(), e.slotSize());
      long start = heap.geometry.blockOffset(block);
      long bitmap = heap.addressOf(start);
      LongStack stack = free.computeIfAbsent(poolId, k -> new LongStack());
      for (int s = pool.slots() - 1; s >= 0; s--) {
        if ((Memory.getLong(bitmap + PoolBlock.bitmapWord(s)) & PoolBlock.bit(s)) == 0) {
          stack.push(start + pool.slotOffset(s));
        }
      }
    }
  }

  private void offer(long slot) {
    int poolId = BlockHeader.classId(heap.headers.word(slot >>> heap.geometry.blockShift()));
    LongStack stack = free.computeIfAbsent(poolId, k -> new LongStack());
    synchronized (stack) {
      stack.push(slot);
    }
  }
}
