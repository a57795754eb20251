package org.jnvm.fa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.jnvm.errors.BlockConflictException;
import org.jnvm.errors.FreedObjectException;
import org.jnvm.errors.OutOfPersistentMemoryException;
import org.jnvm.fixtures.CrashingPersistence;
import org.jnvm.fixtures.RecordingPersistence;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.RefArray;
import org.jnvm.fixtures.ShmTempDir;
import org.jnvm.fixtures.Wide;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FailureAtomicTest {
  @TempDir(factory = ShmTempDir.class)
  Path dir;

  private Path file() {
    return dir.resolve("fa.heap");
  }

  private Heap create() {
    return Heap.create(file(), HeapConfig.ofSize(16 << 20));
  }

  private Heap reopen() {
    return Heap.open(file(), HeapConfig.existing());
  }

  /** The objects a heap holds for failure-atomic blocks once one thread has used them: a log directory and a log. */
  private static final int LOG_OBJECTS = 2;

  /** A valid, rooted node. */
  private static Node rooted(Heap heap, String name, long value) {
    Node n = new Node(heap, value).publish();
    heap.roots().put(name, n);
    return n;
  }

  /** A valid wide object rooted as "w". */
  private static Wide rootedWide(Heap heap) {
    Wide w = new Wide(heap);
    w.pwb();
    heap.roots().put("w", w);
    return w;
  }

  @Test
  void aCommittedBlockIsVisibleAndDurable() {
    try (Heap heap = create()) {
      Node n = rooted(heap, "n", 1);
      FailureAtomic.run(
          () -> {
            n.setValue(5);
            n.setNext(new Node(heap, 6));
          });
      assertEquals(5, n.getValue());
      assertTrue(n.getNext().isValid(), "objects allocated in a block are validated at commit");
    }
    try (Heap heap = reopen()) {
      Node n = heap.roots().get("n", Node.class);
      assertEquals(5, n.getValue());
      assertEquals(6, n.getNext().getValue());
      assertEquals(2 + LOG_OBJECTS, heap.recoveryReport().liveObjects());
    }
  }

  @Test
  void anExceptionAbortsWritesAllocationsAndFrees() {
    try (Heap heap = create()) {
      Node n = rooted(heap, "n", 1);
      Node m = new Node(heap, 2).publish();
      n.updateNext(m);
      AtomicReference<Node> made = new AtomicReference<>();
      IllegalStateException e =
          assertThrows(
              IllegalStateException.class,
              () ->
                  FailureAtomic.run(
                      () -> {
                        n.setValue(9);
                        Node x = new Node(heap, 3);
                        made.set(x);
                        n.setNext(x);
                        heap.free(m);
                        assertThrows(FreedObjectException.class, m::getValue);
                        throw new IllegalStateException("boom");
                      }));
      assertEquals("boom", e.getMessage(), "the exception propagates");
      assertFalse(FailureAtomic.inBlock());
      assertEquals(1, n.getValue());
      assertEquals(2, n.getNext().getValue());
      assertEquals(2, m.getValue(), "a free requested in an aborted block did not happen");
      assertThrows(FreedObjectException.class, () -> made.get().getValue(), "an allocation of an aborted block is freed");
    }
    try (Heap heap = reopen()) {
      assertEquals(2 + LOG_OBJECTS, heap.recoveryReport().liveObjects());
      assertEquals(1, heap.roots().get("n", Node.class).getValue());
    }
  }

  /**
   * FailureAtomic's contract for an object allocated before a block and not valid yet: a crash
   * would free it, so the block writes it in place and an abort does not restore it.
   */
  @Test
  void anAbortLeavesAnObjectNotYetValidAsTheBlockWroteIt() {
    try (Heap heap = create()) {
      Node draft = new Node(heap, 1);
      Node published = new Node(heap, 1).publish();
      assertThrows(
          IllegalStateException.class,
          () ->
              FailureAtomic.run(
                  () -> {
                    draft.setValue(7);
                    published.setValue(7);
                    throw new IllegalStateException("boom");
                  }));
      assertEquals(7, draft.getValue(), "an object not valid yet is written in place");
      assertEquals(1, published.getValue(), "a valid object's write is undone");
    }
  }

  @Test
  void readsSeeTheBlocksWritesThroughEveryProxy() {
    try (Heap heap = create()) {
      Node n = rooted(heap, "n", 1);
      FailureAtomic.run(
          () -> {
            n.setValue(7);
            Node other = heap.roots().get("n", Node.class);
            assertEquals(7, other.getValue());
            other.setValue(8);
            assertEquals(8, n.getValue());
          });
      assertEquals(8, heap.roots().get("n", Node.class).getValue());
    }
  }

  @Test
  void nestingIsFlatAndACaughtExceptionDoesNotAbort() {
    try (Heap heap = create()) {
      Node n = rooted(heap, "n", 1);
      FailureAtomic.run(
          () -> {
            FailureAtomic.run(() -> n.setValue(2));
            assertTrue(FailureAtomic.inBlock());
            assertThrows(
                ArithmeticException.class,
                () ->
                    FailureAtomic.run(
                        () -> {
                          n.setValue(3);
                          throw new ArithmeticException();
                        }));
            assertEquals(3, n.getValue(), "an inner block's exception does not undo anything");
          });
      assertEquals(3, n.getValue());
      assertThrows(
          IllegalArgumentException.class,
          () ->
              FailureAtomic.run(
                  () -> {
                    FailureAtomic.run(() -> n.setValue(4));
                    throw new IllegalArgumentException();
                  }));
      assertEquals(3, n.getValue(), "only the outermost block commits, so its abort undoes the inner one");
    }
  }

  @Test
  void freeingAnObjectAllocatedInTheSameBlock() {
    try (Heap heap = create()) {
      Node n = rooted(heap, "n", 1);
      FailureAtomic.run(() -> n.setValue(0)); // makes the log
      heap.pfence();
      long live = heap.availableBlocks();
      FailureAtomic.run(
          () -> {
            Node x = new Node(heap, 3);
            x.setValue(4);
            heap.free(x);
            n.setValue(2);
          });
      heap.pfence();
      assertEquals(live, heap.availableBlocks(), "the temporary object's block is free again");
      assertEquals(2, n.getValue());
    }
    try (Heap heap = reopen()) {
      assertEquals(1 + LOG_OBJECTS, heap.recoveryReport().liveObjects());
    }
  }

  @Test
  void blocksSpanMultiBlockObjects() {
    try (Heap heap = create()) {
      Wide w = rootedWide(heap);
      FailureAtomic.run(
          () -> {
            for (int i = 0; i < Wide.SLOTS; i++) {
              w.set(i, 100 + i);
            }
          });
      assertThrows(
          IllegalStateException.class,
          () ->
              FailureAtomic.run(
                  () -> {
                    w.set(0, -1);
                    w.set(Wide.SLOTS - 1, -1);
                    throw new IllegalStateException();
                  }));
    }
    try (Heap heap = reopen()) {
      Wide w = heap.roots().get("w", Wide.class);
      for (int i = 0; i < Wide.SLOTS; i++) {
        assertEquals(100 + i, w.get(i));
      }
    }
  }

  @Test
  void theLogGrowsPastThousandsOfEntries() {
    int count = 6000;
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(64 << 20))) {
      RefArray all = new RefArray(heap, count);
      for (int i = 0; i < count; i++) {
        all.set(i, new Node(heap, i).publish());
      }
      all.publishArray();
      heap.roots().put("all", all);
      FailureAtomic.run(
          () -> {
            for (int i = 0; i < count; i++) {
              Node n = (Node) all.get(i);
              n.setValue(n.getValue() * 2);
            }
          });
    }
    try (Heap heap = reopen()) {
      RefArray all = heap.roots().get("all", RefArray.class);
      for (int i = 0; i < count; i++) {
        assertEquals(2L * i, ((Node) all.get(i)).getValue());
      }
    }
  }

  @Test
  void manyThreadsRunBlocksAtOnce() throws Exception {
    int threads = 6;
    int rounds = 2000;
    try (Heap heap = create()) {
      List<Node> nodes = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        nodes.add(rooted(heap, "t" + t, 0));
      }
      List<Thread> workers = new ArrayList<>();
      List<Throwable> failures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        Node mine = nodes.get(t);
        workers.add(
            new Thread(
                () -> {
                  try {
                    for (int r = 0; r < rounds; r++) {
                      FailureAtomic.run(
                          () -> {
                            Node old = mine.getNext();
                            mine.setNext(new Node(heap, mine.getValue() + 1));
                            mine.setValue(mine.getValue() + 1);
                            if (old != null) {
                              heap.free(old);
                            }
                          });
                    }
                  } catch (Throwable e) {
                    synchronized (failures) {
                      failures.add(e);
                    }
                  }
                }));
      }
      workers.forEach(Thread::start);
      for (Thread w : workers) {
        w.join();
      }
      assertEquals(List.of(), failures);
      for (Node n : nodes) {
        assertEquals(rounds, n.getValue());
        assertEquals(rounds, n.getNext().getValue());
      }
    }
    try (Heap heap = reopen()) {
      long live = heap.recoveryReport().liveObjects();
      assertTrue(live >= 2L * threads + LOG_OBJECTS && live <= 2L * threads + 1 + threads, "live objects: " + live);
    }
  }

  @Test
  void twoBlocksWritingOneBlockAtOnceAreDetected() throws Exception {
    try (Heap heap = create()) {
      Node n = rooted(heap, "n", 1);
      CountDownLatch written = new CountDownLatch(1);
      CountDownLatch tried = new CountDownLatch(1);
      AtomicReference<Throwable> second = new AtomicReference<>();
      Thread other =
          new Thread(
              () -> {
                try {
                  written.await();
                  FailureAtomic.run(() -> n.setValue(20));
                } catch (Throwable e) {
                  second.set(e);
                } finally {
                  tried.countDown();
                }
              });
      other.start();
      FailureAtomic.run(
          () -> {
            n.setValue(10);
            written.countDown();
            try {
              tried.await();
            } catch (InterruptedException e) {
              throw new IllegalStateException(e);
            }
          });
      other.join();
      assertTrue(second.get() instanceof BlockConflictException, String.valueOf(second.get()));
      assertEquals(10, n.getValue(), "the first block committed; the second aborted");
      FailureAtomic.run(() -> n.setValue(30));
      assertEquals(30, n.getValue(), "the claims are released");
    }
  }

  @Test
  void aCopyWithNoFreeBlockLeavesNoClaimBehind() {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20))) {
      Node n = rooted(heap, "n", 1);
      FailureAtomic.run(() -> n.setValue(2)); // makes the thread's log while there is room
      List<Node> fillers = new ArrayList<>();
      assertThrows(OutOfPersistentMemoryException.class, () -> {
        while (true) {
          fillers.add(new Node(heap, 0).publish());
        }
      });
      assertThrows(OutOfPersistentMemoryException.class, () -> FailureAtomic.run(() -> n.setValue(3)));
      assertEquals(2, n.getValue());
      fillers.forEach(heap::free);
      heap.pfence();
      FailureAtomic.run(() -> n.setValue(4));
      assertEquals(4, n.getValue(), "the block that found no room for its copy released the block it claimed");
    }
  }

  @Test
  void rootsDoNotChangeInsideABlock() {
    try (Heap heap = create()) {
      Node n = new Node(heap, 1);
      assertThrows(IllegalStateException.class, () -> FailureAtomic.run(() -> heap.roots().put("n", n)));
      assertFalse(heap.roots().exists("n"));
    }
  }

  @Test
  void aBlockTouchesOneHeap() {
    try (Heap one = create();
        Heap two = Heap.create(dir.resolve("two.heap"), HeapConfig.ofSize(1 << 20))) {
      Node a = rooted(one, "a", 1);
      Node b = rooted(two, "b", 1);
      assertThrows(
          IllegalStateException.class,
          () ->
              FailureAtomic.run(
                  () -> {
                    a.setValue(2);
                    b.setValue(2);
                  }));
      assertEquals(1, a.getValue());
      assertEquals(1, b.getValue());
    }
  }

  /**
   * A thread keeps the log pool of the last heap its blocks wrote to: its blocks on another heap,
   * or on the same file opened again, must use that heap's own logs.
   */
  @Test
  void aThreadsBlocksUseTheLogsOfTheHeapTheyWrite() {
    Path twoFile = dir.resolve("two.heap");
    try (Heap one = create();
        Heap two = Heap.create(twoFile, HeapConfig.ofSize(1 << 20))) {
      Node a = rooted(one, "a", 1);
      Node b = rooted(two, "b", 1);
      FailureAtomic.run(() -> a.setValue(2));
      FailureAtomic.run(() -> b.setValue(2));
      FailureAtomic.run(() -> a.setValue(3));
    }
    for (int round = 4; round <= 5; round++) {
      long value = round;
      try (Heap one = reopen()) {
        Node a = one.roots().get("a", Node.class);
        assertEquals(value - 1, a.getValue());
        assertEquals(1 + LOG_OBJECTS, one.recoveryReport().liveObjects(), "the heap's one log serves every block");
        FailureAtomic.run(() -> a.setValue(value));
      }
    }
    try (Heap two = Heap.open(twoFile, HeapConfig.existing())) {
      assertEquals(2, two.roots().get("b", Node.class).getValue());
      assertEquals(1 + LOG_OBJECTS, two.recoveryReport().liveObjects());
    }
    try (Heap one = reopen()) {
      assertEquals(5, one.roots().get("a", Node.class).getValue());
    }
  }

  @Test
  void aThreadKeepsItsLogAcrossBlocksAndLeavesItToTheNextThreadWhenItEnds() throws InterruptedException {
    try (Heap heap = create()) {
      Node a = rooted(heap, "a", 0);
      for (int i = 1; i <= 4; i++) {
        long value = i;
        Thread writer = new Thread(() -> {
          for (int block = 0; block < 3; block++) {
            FailureAtomic.run(() -> a.setValue(value));
          }
        });
        writer.start();
        writer.join();
      }
      CountDownLatch bothInBlocks = new CountDownLatch(2);
      List<Thread> together = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        Node n = rooted(heap, "t" + i, 0);
        Thread t = new Thread(() -> {
          FailureAtomic.run(() -> n.setValue(1));
          bothInBlocks.countDown();
          awaitQuietly(bothInBlocks);
          FailureAtomic.run(() -> n.setValue(2));
        });
        together.add(t);
        t.start();
      }
      for (Thread t : together) {
        t.join();
      }
    }
    try (Heap heap = reopen()) {
      assertEquals(4, heap.roots().get("a", Node.class).getValue());
      assertEquals(2, heap.roots().get("t1", Node.class).getValue());
      // Three nodes, the log directory and two logs: the threads that ran one after another each
      // took over the log of the one before, and the two that ran together kept one each, one of
      // them the first log.
      assertEquals(3 + LOG_OBJECTS + 1, heap.recoveryReport().liveObjects());
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Crashes at each fence of a commit: before the commit mark the block is absent, after it present. */
  @Test
  void aCrashDuringCommitLeavesAllOrNothing() throws IOException {
    for (int fence = 1; fence <= 4; fence++) {
      Path original = dir.resolve("crash" + fence + ".heap");
      CrashingPersistence crashing = new CrashingPersistence();
      Heap heap = Heap.create(original, HeapConfig.ofSize(1 << 20).persistence(f -> crashing));
      Node n = rooted(heap, "n", 1);
      FailureAtomic.run(() -> n.setValue(2)); // creates the log, so the next block fences only to commit
      crashing.arm(fence);
      assertThrows(
          CrashingPersistence.Crash.class,
          () ->
              FailureAtomic.run(
                  () -> {
                    n.setValue(3);
                    n.setNext(new Node(heap, 4));
                  }));
      Path after = dir.resolve("after" + fence + ".heap");
      Files.copy(original, after, StandardCopyOption.REPLACE_EXISTING);
      try (Heap reopened = Heap.open(after, HeapConfig.existing())) {
        Node m = reopened.roots().get("n", Node.class);
        if (fence == 1) {
          assertEquals(2, m.getValue(), "crash before the commit mark: the block is absent");
          assertNull(m.getNext());
          assertEquals(1 + LOG_OBJECTS, reopened.recoveryReport().liveObjects());
        } else {
          assertEquals(3, m.getValue(), "crash after the commit mark at fence " + fence + ": replayed");
          assertEquals(4, m.getNext().getValue());
          assertEquals(2 + LOG_OBJECTS, reopened.recoveryReport().liveObjects());
        }
      }
      try (Heap again = Heap.open(after, HeapConfig.existing())) {
        assertSame(fence == 1 ? null : Boolean.TRUE, fence == 1 ? null : again.roots().get("n", Node.class).getNext().isValid());
      }
    }
  }

  /**
   * A block that allocates nothing seals its log (no fence before the mark): a process crash at
   * any of its three fences keeps every store, so the seal matches and the block is replayed.
   */
  @Test
  void aSealedCommitCrashedAtAnyFenceIsReplayed() throws IOException {
    for (int fence = 1; fence <= 3; fence++) {
      Path original = dir.resolve("sealed" + fence + ".heap");
      CrashingPersistence crashing = new CrashingPersistence();
      Heap heap = Heap.create(original, HeapConfig.ofSize(1 << 20).persistence(f -> crashing));
      Node n = rooted(heap, "n", 1);
      Node old = new Node(heap, 7);
      n.setNext(old);
      old.pwb();
      old.validate();
      FailureAtomic.run(() -> n.setValue(2));
      crashing.arm(fence);
      assertThrows(
          CrashingPersistence.Crash.class,
          () ->
              FailureAtomic.run(
                  () -> {
                    n.setValue(3);
                    n.setNext(null);
                    heap.free(old);
                  }));
      Path after = dir.resolve("sealed-after" + fence + ".heap");
      Files.copy(original, after, StandardCopyOption.REPLACE_EXISTING);
      try (Heap reopened = Heap.open(after, HeapConfig.existing())) {
        Node m = reopened.roots().get("n", Node.class);
        assertEquals(3, m.getValue(), "crash at fence " + fence + " of a sealed commit: replayed");
        assertNull(m.getNext());
        assertEquals(1 + LOG_OBJECTS, reopened.recoveryReport().liveObjects(), "the freed object is gone");
      }
    }
  }

  /**
   * A one-field block writes back the line it wrote in its copy, the log's first line (entry,
   * count, seal and mark), the line of the original it applied, and the log's first line again
   * to empty it; and it fences three times: seal, apply, truncation.
   */
  @Test
  void aOneFieldBlockWritesBackFourLinesUnderThreeFences() {
    RecordingPersistence rec = new RecordingPersistence();
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20).persistence(f -> rec))) {
      Node n = rooted(heap, "n", 1);
      FailureAtomic.run(() -> n.setValue(2)); // creates the log
      long pwbs = rec.pwbs.get();
      long fences = rec.pfences.get();
      FailureAtomic.run(() -> n.setValue(3));
      assertEquals(4, rec.pwbs.get() - pwbs);
      assertEquals(3, rec.pfences.get() - fences);
      assertEquals(3, n.getValue());
    }
  }

  /**
   * Commit copies back only the lines the block wrote: a store that another thread, outside any
   * block, makes meanwhile to another line of the same heap block survives the commit.
   */
  @Test
  void commitCopiesBackOnlyTheLinesTheBlockWrote() {
    try (Heap heap = create()) {
      Wide w = rootedWide(heap);
      FailureAtomic.run(
          () -> {
            w.set(0, 1);
            w.set(9, 2); // line 1 of the first block
            Thread outside = new Thread(() -> w.set(20, 5)); // line 2, written in place
            outside.start();
            joinQuietly(outside);
          });
      assertEquals(1, w.get(0));
      assertEquals(2, w.get(9));
      assertEquals(5, w.get(20), "the block did not write line 2, so commit left it alone");
    }
  }

  /**
   * A block redirects only its own thread: another thread, outside any block, keeps the direct
   * access of its proxies while the block runs, and reads the object's own blocks, not the block's
   * uncommitted copy.
   */
  @Test
  void aBlockLeavesOtherThreadsOnTheirDirectAccess() {
    try (Heap heap = create()) {
      Node n = rooted(heap, "n", 1);
      List<Object> seenOutside = new ArrayList<>();
      FailureAtomic.run(
          () -> {
            n.setValue(7);
            Thread outside =
                new Thread(() -> {
                  seenOutside.add(Handle.directAccessAllowed());
                  seenOutside.add(FailureAtomic.inBlock());
                  seenOutside.add(n.getValue());
                });
            outside.start();
            joinQuietly(outside);
            assertFalse(Handle.directAccessAllowed(), "the block's own thread reads its copies");
            assertEquals(7, n.getValue());
          });
      assertEquals(List.of(true, false, 1L), seenOutside);
      assertEquals(7, n.getValue());
    }
  }

  /**
   * Threads share the counts that tell a thread whether it may be inside a block, a count per slot
   * of thread ids: while this thread's block is open, each of 65 other threads, one after the
   * other, runs a block of its own on another object. Whatever the number of slots, up to 65, one
   * of them shares this thread's slot, and raises and lowers its count: this thread must still
   * find its own writes once that thread has left its block, and the others must never see them.
   */
  @Test
  void threadsThatShareASlotKeepTheirBlocksApart() {
    try (Heap heap = create()) {
      Node n = rooted(heap, "n", 1);
      List<Node> others = new ArrayList<>();
      for (int i = 0; i < 65; i++) {
        others.add(new Node(heap, -1).publish());
      }
      List<Long> seenOutside = new ArrayList<>();
      FailureAtomic.run(
          () -> {
            n.setValue(7);
            for (int i = 0; i < others.size(); i++) {
              Node m = others.get(i);
              long value = i;
              Thread other =
                  new Thread(() -> {
                    seenOutside.add(n.getValue());
                    FailureAtomic.run(() -> {
                      m.setValue(value);
                      seenOutside.add(n.getValue());
                    });
                    seenOutside.add(n.getValue());
                  });
              other.start();
              joinQuietly(other);
              assertEquals(7, n.getValue(), "this block reads its copy after thread " + i + "'s block");
              assertFalse(Handle.directAccessAllowed());
            }
          });
      assertEquals(List.of(1L), seenOutside.stream().distinct().toList(), "no other thread saw the uncommitted write");
      assertEquals(3 * others.size(), seenOutside.size());
      assertEquals(7, n.getValue());
      for (int i = 0; i < others.size(); i++) {
        assertEquals(i, others.get(i).getValue());
      }
    }
  }

  private static void joinQuietly(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
