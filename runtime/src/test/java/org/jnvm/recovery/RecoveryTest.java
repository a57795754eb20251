package org.jnvm.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.Pruner;
import org.jnvm.fixtures.RefArray;
import org.jnvm.fixtures.ShmTempDir;
import org.jnvm.fixtures.Tally;
import org.jnvm.fixtures.Wide;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecoveryTest {
  @TempDir(factory = ShmTempDir.class)
  Path dir;

  private Path file() {
    return dir.resolve("h.heap");
  }

  private Heap open(RecoveryMode mode) {
    return Heap.open(file(), HeapConfig.existing().recovery(mode));
  }

  @Test
  void unreachableAndInvalidObjectsAreFreedAndDanglingReferencesCleared() {
    long freeBefore;
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20))) {
      Node kept = new Node(heap, 1).publish();
      Node invalid = new Node(heap, 2); // reachable but never validated
      kept.setNext(invalid);
      kept.pwb();
      heap.roots().put("kept", kept);
      new Node(heap, 3).publish(); // valid but unreachable
      new Wide(heap); // neither
      heap.pfence();
      freeBefore = heap.availableBlocks();
    }
    try (Heap heap = open(RecoveryMode.GC)) {
      RecoveryReport r = heap.recoveryReport();
      assertEquals(1, r.liveObjects());
      assertEquals(1, r.clearedReferences());
      Node kept = heap.roots().get("kept", Node.class);
      assertNull(kept.getNext(), "the reference to an invalid object is nulled");
      assertTrue(heap.availableBlocks() > freeBefore, "the blocks of the three dead objects came back");
    }
    try (Heap heap = open(RecoveryMode.GC)) {
      assertEquals(0, heap.recoveryReport().clearedReferences(), "recovery is idempotent");
      assertEquals(1, heap.recoveryReport().liveObjects());
    }
  }

  @Test
  void invalidRootsAreDropped() {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20))) {
      heap.roots().wput("weak", new Node(heap, 9));
      heap.pfence();
    }
    try (Heap heap = open(RecoveryMode.GC)) {
      assertFalse(heap.roots().exists("weak"));
      assertEquals(0, heap.recoveryReport().liveObjects());
    }
  }

  @Test
  void noGcModeKeepsEveryValidObject() {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20))) {
      heap.roots().put("a", new Node(heap, 1).publish());
      new Node(heap, 2).publish(); // a leak, kept by the no-GC mode
      new Node(heap, 3); // invalid: freed by both modes
      Wide w = new Wide(heap);
      w.pwb();
      w.validate();
      heap.pfence();
    }
    try (Heap heap = open(RecoveryMode.NO_GC)) {
      assertEquals(3, heap.recoveryReport().liveObjects());
      assertEquals(2 + new Wide(heap).handle().blockCount(), heap.recoveryReport().liveBlocks());
    }
    try (Heap heap = open(RecoveryMode.GC)) {
      assertEquals(1, heap.recoveryReport().liveObjects());
    }
  }

  @Test
  void recoverRunsOnLiveObjectsAndResurrectRebuildsVolatileState() {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20))) {
      Tally t = new Tally(heap, 5);
      t.pwb();
      t.validate();
      heap.roots().put("t", t);
      Tally unreachable = new Tally(heap, 6);
      unreachable.validate();
      assertEquals(-1, t.cachedCount(), "a new object is not resurrected");
    }
    Tally.RECOVER_CALLS.set(0);
    try (Heap heap = open(RecoveryMode.GC)) {
      assertEquals(1, Tally.RECOVER_CALLS.get(), "only the live Tally recovers");
      Tally t = heap.roots().get("t", Tally.class);
      assertEquals(5, t.checked());
      assertEquals(5, t.cachedCount());
    }
  }

  @Test
  void objectsUnlinkedByRecoverAreCollectedInTheSameOpen() {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20))) {
      Pruner p = new Pruner(heap);
      Node child = new Node(heap, 7).publish();
      p.setChild(child);
      p.pwb();
      heap.roots().put("p", p);
      assertThrows(IllegalStateException.class, heap::collectAfterRecover, "only recover() hooks may ask");
    }
    try (Heap heap = open(RecoveryMode.GC)) {
      assertNull(heap.roots().get("p", Pruner.class).child());
      assertEquals(1, heap.recoveryReport().liveObjects(), "the unlinked child is freed, not kept until the next open");
    }
    try (Heap heap = open(RecoveryMode.GC)) {
      assertEquals(1, heap.recoveryReport().liveObjects());
    }
  }

  @Test
  void longChainsAndCyclesAreTraversedWithoutRecursion() {
    int length = 100_000;
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(64 << 20))) {
      Node head = new Node(heap, 0);
      Node tail = head;
      for (int i = 1; i < length; i++) {
        Node n = new Node(heap, i);
        n.validate();
        tail.setNext(n);
        tail = n;
      }
      tail.setNext(head);
      head.validate();
      heap.roots().put("ring", head);
    }
    try (Heap heap = open(RecoveryMode.GC)) {
      assertEquals(length, heap.recoveryReport().liveObjects());
      Node n = heap.roots().get("ring", Node.class);
      for (int i = 0; i < length; i++) {
        assertEquals(i, n.getValue());
        n = n.getNext();
      }
      assertEquals(0, n.getValue());
    }
  }

  @Test
  void arraysKeepTheirElementsAlive() {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20))) {
      RefArray a = new RefArray(heap, 100);
      for (int i = 0; i < 100; i += 2) {
        a.set(i, new Node(heap, i).publish());
      }
      a.publishArray();
      heap.roots().put("a", a);
      for (int i = 0; i < 20; i++) {
        new Node(heap, -i).publish();
      }
    }
    try (Heap heap = open(RecoveryMode.GC)) {
      assertEquals(51, heap.recoveryReport().liveObjects());
      RefArray a = heap.roots().get("a", RefArray.class);
      for (int i = 0; i < 100; i++) {
        assertEquals(i % 2 == 0 ? Long.valueOf(i) : null, a.get(i) == null ? null : ((Node) a.get(i)).getValue());
      }
    }
  }

  @Test
  void aCrashDuringRecoveryIsRepairedByRecoveringAgain() throws IOException {
    try (Heap heap = Heap.create(file(), HeapConfig.ofSize(1 << 20))) {
      Node kept = new Node(heap, 1).publish();
      kept.setNext(new Node(heap, 2));
      kept.pwb();
      heap.roots().put("kept", kept);
      for (int i = 0; i < 50; i++) {
        new Node(heap, i).publish();
      }
    }
    // A copy taken while the heap is open is what a crash mid-recovery leaves: some of the
    // repairs are in, and the shutdown word says the heap was in use.
    Path snapshot = dir.resolve("snapshot.heap");
    try (Heap heap = open(RecoveryMode.GC)) {
      Files.copy(file(), snapshot, StandardCopyOption.REPLACE_EXISTING);
      assertEquals(1, heap.recoveryReport().liveObjects());
    }
    try (Heap heap = Heap.open(snapshot, HeapConfig.existing())) {
      assertFalse(heap.recoveryReport().cleanShutdown());
      assertEquals(1, heap.recoveryReport().liveObjects());
      assertEquals(0, heap.recoveryReport().clearedReferences());
      assertEquals(1, heap.roots().get("kept", Node.class).getValue());
    }
  }
}
