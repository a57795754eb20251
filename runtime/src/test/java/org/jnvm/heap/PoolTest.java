package org.jnvm.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.errors.FreedObjectException;
import org.jnvm.errors.HeapCorruptedException;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.RefArray;
import org.jnvm.fixtures.ShmTempDir;
import org.jnvm.fixtures.Text;
import org.jnvm.recovery.RecoveryMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Small immutable objects packed several to a block. */
class PoolTest {
  @TempDir(factory = ShmTempDir.class)
  Path dir;

  private Path file() {
    return dir.resolve("pool.heap");
  }

  @Test
  void smallObjectsShareBlocksAndSurviveReopen() {
    int count = 500;
    long blocksUsed;
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(4 << 20))) {
      long before = heap.availableBlocks();
      RefArray all = new RefArray(heap, count);
      long arrayBlocks = all.handle().blockCount();
      for (int i = 0; i < count; i++) {
        Text t = new Text(heap, "item-" + i);
        assertNotEquals(0, t.handle().offset() & (heap.geometry().blockSize() - 1), "a slot, not a block");
        all.set(i, t);
      }
      all.publishArray();
      heap.roots().put("all", all);
      blocksUsed = before - heap.availableBlocks() - arrayBlocks;
      assertTrue(blocksUsed <= count / 8, "500 short strings in " + blocksUsed + " blocks");
    }
    try (Heap heap = Heap.open(file(), HeapConfig.existing())) {
      RefArray all = heap.roots().get("all", RefArray.class);
      for (int i = 0; i < count; i++) {
        assertEquals("item-" + i, all.get(i).toString());
      }
      assertEquals(count + 1, heap.recoveryReport().liveObjects());
      assertEquals(blocksUsed + all.handle().blockCount(), heap.recoveryReport().liveBlocks());
    }
  }

  @Test
  void unreachableAndInvalidSlotsAreReclaimedAndReused() {
    long kept;
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20))) {
      RefArray two = new RefArray(heap, 2);
      two.set(0, new Text(heap, "kept"));
      new Text(heap, "unreachable");
      Text invalid = new Text(heap, "x");
      two.set(1, invalid);
      heap.blocks().invalidate(invalid.handle().offset()); // reachable but invalid: its reference is cleared
      two.publishArray();
      heap.roots().put("two", two);
      kept = two.get(0).handle().offset();
    }
    try (Heap heap = Heap.open(file(), HeapConfig.existing())) {
      assertEquals(2, heap.recoveryReport().liveObjects());
      assertEquals(1, heap.recoveryReport().clearedReferences());
      RefArray two = heap.roots().get("two", RefArray.class);
      assertEquals("kept", two.get(0).toString());
      Text reused = new Text(heap, "new");
      assertNotEquals(kept, reused.handle().offset());
      assertEquals(kept & ~(heap.geometry().blockSize() - 1L), reused.handle().offset() & ~(heap.geometry().blockSize() - 1L), "a freed slot of the same block is reused");
    }
  }

  @Test
  void freedSlotsAreReusedAfterAFenceAndTheProxyDies() {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20))) {
      Text a = new Text(heap, "a");
      long slot = a.handle().offset();
      heap.free(a);
      assertThrows(FreedObjectException.class, a::toString);
      assertNotEquals(slot, new Text(heap, "b").handle().offset());
      heap.pfence();
      assertEquals(slot, new Text(heap, "c").handle().offset());
    }
  }

  @Test
  void largeObjectsTakeWholeBlocks() {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20))) {
      Text big = new Text(heap, "y".repeat(300));
      assertEquals(0, big.handle().offset() & (heap.geometry().blockSize() - 1));
      assertEquals("y".repeat(300), big.toString());
    }
  }

  @Test
  void anAbortedBlockFreesItsPooledAllocations() {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20))) {
      Node holder = new Node(heap, 0).publish();
      heap.roots().put("h", holder);
      Text[] made = new Text[1];
      assertThrows(
          IllegalStateException.class,
          () ->
              FailureAtomic.run(
                  () -> {
                    made[0] = new Text(heap, "temporary");
                    throw new IllegalStateException();
                  }));
      assertThrows(FreedObjectException.class, made[0]::toString);
      heap.pfence();
      assertEquals(made[0].handle().offset(), new Text(heap, "temporar2").handle().offset());
    }
  }

  @Test
  void referencesThatDoNotStartASlotAreRefused() {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20))) {
      Text t = new Text(heap, "t");
      long slot = t.handle().offset();
      assertThrows(HeapCorruptedException.class, () -> heap.resurrect(slot + 8));
      assertThrows(HeapCorruptedException.class, () -> heap.resurrect(slot & ~(heap.geometry().blockSize() - 1L)));
      assertEquals("t", heap.resurrect(slot).toString());
    }
  }

  @Test
  void noGcModeKeepsPoolBlocks() {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20))) {
      heap.roots().put("t", new Text(heap, "t"));
    }
    try (Heap heap = Heap.open(file(), HeapConfig.existing().recovery(RecoveryMode.NO_GC))) {
      assertEquals("t", heap.roots().get("t").toString());
    }
  }
}
