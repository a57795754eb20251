package org.jnvm.heap.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

class BlockAllocatorTest {
  private final List<Long> reservations = new ArrayList<>();

  private BlockAllocator allocator(long blockCount, long bump) {
    return new BlockAllocator(blockCount, bump, 4, reservations::add);
  }

  @Test
  void freshBlocksComeFromTheBumpPointerFlaggedAndReservedAWindowAtATime() {
    BlockAllocator allocator = allocator(100, 10);
    long[] blocks = new long[5];
    assertTrue(allocator.allocate(blocks));
    for (int i = 0; i < blocks.length; i++) {
      assertEquals((10 + i) | BlockAllocator.FRESH, blocks[i]);
    }
    assertEquals(List.of(14L, 18L), reservations, "the window's end is stored before a block of it is handed out");
    assertEquals(15, allocator.bumpPointer());
  }

  @Test
  void freedBlocksComeBackOnlyAfterTheThreadsFenceInTheOrderTheyWereFreed() {
    BlockAllocator allocator = allocator(100, 10);
    long[] blocks = new long[3];
    assertTrue(allocator.allocate(blocks));
    LongStack limbo = allocator.limbo();
    for (long b : blocks) {
      assertFalse(allocator.free(limbo, b & ~BlockAllocator.FRESH));
    }
    assertEquals(0, allocator.freeBlocks(), "not before the fence");
    assertEquals(13 | BlockAllocator.FRESH, allocator.allocate());

    allocator.releaseLimbo();
    assertEquals(3, allocator.freeBlocks());
    long[] again = new long[3];
    assertTrue(allocator.allocate(again));
    assertArrayEquals(new long[] {10, 11, 12}, again, "a record rewritten takes the same run of blocks");
    assertEquals(0, allocator.freeBlocks());
  }

  @Test
  void aThreadWhoseStripeIsEmptyTakesTheBlocksAnotherThreadFreed() throws Exception {
    BlockAllocator allocator = allocator(20, 0);
    long[] all = new long[20];
    assertTrue(allocator.allocate(all));
    ExecutorService other = Executors.newSingleThreadExecutor();
    try {
      other.submit(() -> {
        for (long b = 0; b < 6; b++) {
          allocator.free(b);
        }
        allocator.releaseLimbo();
      }).get();
    } finally {
      other.shutdown();
    }
    assertEquals(6, allocator.freeBlocks());
    long[] taken = new long[6];
    assertTrue(allocator.allocate(taken));
    assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5}, taken);
    assertEquals(-1, allocator.allocate(), "the heap is full and the queue empty");
    assertEquals(0, allocator.availableBlocks());
  }

  @Test
  void anAllocationTheHeapCannotSupplyWholeTakesNothing() {
    BlockAllocator allocator = allocator(12, 10);
    long[] blocks = new long[3];
    assertFalse(allocator.allocate(blocks));
    assertEquals(2, allocator.freeBlocks(), "the two blocks it took went back");
    long[] two = new long[2];
    assertTrue(allocator.allocate(two));
    assertEquals(0, allocator.availableBlocks());
  }
}
