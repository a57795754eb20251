package org.jnvm.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jnvm.errors.FreedObjectException;
import org.jnvm.errors.HeapClosedException;
import org.jnvm.errors.JnvmException;
import org.jnvm.errors.OutOfPersistentMemoryException;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.RefArray;
import org.jnvm.fixtures.ShmTempDir;
import org.jnvm.fixtures.Text;
import org.jnvm.fixtures.Wide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeapTest {
  @TempDir(factory = ShmTempDir.class)
  Path dir;

  private Heap create(long size) {
    return Heap.create(dir.resolve("h.heap"), HeapConfig.ofSize(size));
  }

  private Heap reopen() {
    return Heap.open(dir.resolve("h.heap"), HeapConfig.existing());
  }

  @Test
  void dataSurvivesCloseAndReopen() {
    try (Heap heap = create(1 << 20)) {
      Node a = new Node(heap, 41).publish();
      Node b = new Node(heap, 42).publish();
      a.updateNext(b);
      heap.roots().put("list", a);
    }
    try (Heap heap = reopen()) {
      assertTrue(heap.recoveryReport().cleanShutdown());
      Node a = heap.roots().get("list", Node.class);
      assertEquals(41, a.getValue());
      assertEquals(42, a.getNext().getValue());
      assertNull(a.getNext().getNext());
      assertEquals(2, heap.recoveryReport().liveObjects());
    }
  }

  @Test
  void geometryIsKeptAcrossOpens() {
    try (Heap heap = Heap.create(dir.resolve("h.heap"), HeapConfig.ofSize(3 << 20).blockSize(1024).rootCapacity(8))) {
      assertEquals(1024, heap.geometry().blockSize());
    }
    try (Heap heap = Heap.open(dir.resolve("h.heap"), HeapConfig.ofSize(1 << 30).blockSize(64))) {
      assertEquals(1024, heap.geometry().blockSize());
      assertEquals(3 << 20, heap.geometry().heapSize());
      assertEquals(8, heap.roots().capacity());
    }
  }

  @Test
  void createRefusesAnExistingFileAndOpenAMissingOne() {
    create(1 << 20).close();
    assertThrows(UncheckedIOException.class, () -> create(1 << 20));
    JnvmException e = assertThrows(JnvmException.class, () -> Heap.open(dir.resolve("none.heap"), HeapConfig.existing()));
    assertTrue(e.getMessage().contains("no heap"), e.getMessage());
  }

  @Test
  void freedBlocksAreReusedAfterAFence() {
    try (Heap heap = create(1 << 20)) {
      Node a = new Node(heap, 1);
      long offset = a.handle().offset();
      heap.free(a);
      Node b = new Node(heap, 2);
      assertNotEquals(offset, b.handle().offset(), "a block freed without a fence must wait");
      heap.pfence();
      Node c = new Node(heap, 3);
      assertEquals(offset, c.handle().offset());
      assertEquals(3, c.getValue());
      assertEquals(0, c.handle().getRefOffset(8), "a reused block is zeroed");
    }
  }

  @Test
  void aFilledImmutableObjectOverReusedBlocksIsZeroedOnlyPastItsSize() {
    try (Heap heap = create(1 << 20)) {
      Text old = new Text(heap, "x".repeat(1000)); // four 256-byte blocks, every byte written
      long offset = old.handle().offset();
      heap.free(old);
      heap.pfence();
      long first = Text.LAYOUT.tail().orElseThrow().offset();
      Handle h = heap.allocateFilledImmutable(Text.PCLASS, 300);
      assertEquals(offset, h.offset(), "the freed run is reused");
      long size = first + 300;
      assertEquals(512, h.capacity());
      for (long off = size; off < h.capacity(); off++) {
        assertEquals(0, h.getByte(off), "past the object's size, at " + off);
      }
      assertEquals('x', h.getByte(first + 299), "what the creator writes is left to it, not zeroed first");
    }
  }

  @Test
  void objectsRewrittenCopyOnWriteGetBackTheRunsOfBlocksTheyFreed() {
    try (Heap heap = create(1 << 20)) {
      List<Wide> old = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        new Wide(heap);
        old.add(new Wide(heap));
      }
      List<List<Long>> runs = new ArrayList<>();
      for (Wide w : old) {
        runs.add(blockAddresses(w));
        heap.free(w);
      }
      heap.pfence();
      for (List<Long> run : runs) {
        assertEquals(run, blockAddresses(new Wide(heap)));
      }
    }
  }

  private static List<Long> blockAddresses(Wide w) {
    List<Long> addresses = new ArrayList<>();
    long blockSize = w.handle().heap().geometry().blockSize();
    for (int i = 0; i < w.handle().blockCount(); i++) {
      addresses.add(w.handle().blockAddress(i * blockSize));
    }
    return addresses;
  }

  @Test
  void aFreedProxyThrowsAndNeverTouchesTheBlock() {
    try (Heap heap = create(1 << 20)) {
      Node a = new Node(heap, 7);
      heap.free(a);
      assertThrows(FreedObjectException.class, a::getValue);
      assertThrows(FreedObjectException.class, () -> a.setValue(1));
      assertThrows(FreedObjectException.class, a::validate);
      assertThrows(FreedObjectException.class, () -> heap.free(a));
      Node b = new Node(heap, 8);
      assertThrows(FreedObjectException.class, () -> b.setNext(a));
      Wide w = new Wide(heap);
      heap.free(w);
      assertThrows(FreedObjectException.class, () -> w.get(60));
    }
  }

  @Test
  void multiBlockObjectsSpanBlocksAndSurvive() {
    try (Heap heap = create(1 << 20)) {
      Wide w = new Wide(heap);
      assertTrue(w.handle().blockCount() > 1, "70 longs do not fit one 256 B block");
      for (int i = 0; i < Wide.SLOTS; i++) {
        w.set(i, i * 1000L + 7);
      }
      Node n = new Node(heap, 5).publish();
      w.setLink(n);
      w.pwb();
      w.validate();
      heap.roots().put("wide", w);
    }
    try (Heap heap = reopen()) {
      Wide w = heap.roots().get("wide", Wide.class);
      for (int i = 0; i < Wide.SLOTS; i++) {
        assertEquals(i * 1000L + 7, w.get(i));
      }
      assertEquals(5, ((Node) w.getLink()).getValue());
      assertEquals(w.handle().blockCount() + 1, heap.recoveryReport().liveBlocks());
    }
  }

  @Test
  void accessesOutsideTheObjectThrow() {
    try (Heap heap = create(1 << 20)) {
      Node a = new Node(heap, 1);
      assertThrows(IndexOutOfBoundsException.class, () -> a.handle().getLong(256));
      assertThrows(IndexOutOfBoundsException.class, () -> a.handle().getLong(-8));
      assertThrows(IndexOutOfBoundsException.class, () -> a.handle().putInt(253, 1));
      Wide w = new Wide(heap);
      assertThrows(IllegalArgumentException.class, () -> w.handle().getLong(252), "straddles two blocks");
    }
  }

  @Test
  void aFullHeapThrowsAndStaysIntact() {
    List<Long> values = new ArrayList<>();
    try (Heap heap = create(1 << 20)) {
      RefArray all = new RefArray(heap, 64).publishArray();
      heap.roots().put("all", all);
      for (int i = 0; i < 64; i++) {
        Node n = new Node(heap, i).publish();
        all.set(i, n);
        values.add((long) i);
      }
      all.pwb();
      heap.pfence();
      OutOfPersistentMemoryException e =
          assertThrows(
              OutOfPersistentMemoryException.class,
              () -> {
                while (true) {
                  new Wide(heap);
                }
              });
      assertTrue(e.getMessage().contains("is full"), e.getMessage());
      assertThrows(OutOfPersistentMemoryException.class, () -> new RefArray(heap, 1 << 20));
      assertEquals(63, ((Node) all.get(63)).getValue());
    }
    try (Heap heap = reopen()) {
      RefArray all = heap.roots().get("all", RefArray.class);
      for (int i = 0; i < 64; i++) {
        assertEquals(values.get(i), ((Node) all.get(i)).getValue());
      }
      assertTrue(heap.availableBlocks() > 1000, "the unreachable Wide objects were collected");
    }
  }

  @Test
  void closedHeapsRefuseWork() {
    Heap heap = create(1 << 20);
    heap.close();
    assertThrows(HeapClosedException.class, () -> new Node(heap, 1));
    assertThrows(HeapClosedException.class, () -> heap.roots().get("x"));
    heap.close();
  }

  @Test
  void objectsOfTwoHeapsDoNotMix() {
    try (Heap one = create(1 << 20);
        Heap two = Heap.create(dir.resolve("two.heap"), HeapConfig.ofSize(1 << 20))) {
      Node a = new Node(one, 1);
      Node b = new Node(two, 2);
      assertThrows(IllegalArgumentException.class, () -> a.setNext(b));
      assertThrows(IllegalArgumentException.class, () -> one.roots().put("b", b));
      assertThrows(IllegalArgumentException.class, () -> one.free(b));
    }
  }

  @Test
  void allocationFromSeveralThreadsHandsOutDistinctBlocks() throws Exception {
    int threads = 4;
    int perThread = 5000;
    try (Heap heap = create(16 << 20)) {
      List<List<Node>> made = new ArrayList<>();
      List<Thread> workers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        List<Node> mine = new ArrayList<>();
        made.add(mine);
        long base = t * 1_000_000L;
        workers.add(
            new Thread(
                () -> {
                  for (int i = 0; i < perThread; i++) {
                    Node n = new Node(heap, base + i);
                    mine.add(n);
                    if (i % 3 == 0) {
                      heap.free(mine.remove(mine.size() - 1));
                      heap.pfence();
                    }
                  }
                }));
      }
      workers.forEach(Thread::start);
      for (Thread w : workers) {
        w.join();
      }
      Set<Long> offsets = new HashSet<>();
      for (int t = 0; t < threads; t++) {
        long base = t * 1_000_000L;
        for (Node n : made.get(t)) {
          assertTrue(offsets.add(n.handle().offset()), "two live objects share a block");
          long v = n.getValue();
          assertTrue(v >= base && v < base + perThread, "a value was overwritten by another thread");
        }
      }
      assertFalse(offsets.isEmpty());
    }
  }
}
