package org.jnvm.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.LongStream;
import org.jnvm.crash.objects.Cell;
import org.jnvm.crash.objects.SelfChecking;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The simulated power failure itself: what survives, at what granularity, and what it counts. */
class SimulatedPersistenceTest {
  private static final long ID_AT = Cell.LAYOUT.field("id").orElseThrow().offset();
  private static final long CHECK_AT = Cell.LAYOUT.field("check").orElseThrow().offset();
  private static final int SEEDS = 40;

  private Path dir;
  private Heap heap;
  private CrashPlan plan;

  @BeforeEach
  void open() {
    dir = CrashFiles.scratch("jnvm-sim-");
    List<Eviction> evictions = new ArrayList<>();
    for (long s = 0; s < SEEDS; s++) {
      evictions.add(new Eviction(s));
    }
    plan = CrashPlan.none(evictions);
    heap = Heap.create(dir.resolve("h.heap"), HeapConfig.ofSize(1 << 20).persistence(SimulatedPersistence.provider(plan)));
  }

  @AfterEach
  void close() {
    heap.close();
    CrashFiles.deleteTree(dir);
  }

  private List<byte[]> crash() {
    plan.backend().crash();
    return plan.images();
  }

  private static long word(byte[] image, long offset) {
    return ByteBuffer.wrap(image).order(ByteOrder.LITTLE_ENDIAN).getLong((int) offset);
  }

  /** A cell whose block was never written before, so its durable contents are zero. */
  private Cell cell(long id) {
    Cell c = new Cell(heap, id);
    heap.pfence();
    return c;
  }

  @Test
  void aStoreNeverWrittenBackSurvivesOnlyIfEvicted() {
    Cell c = cell(7);
    List<byte[]> images = crash();
    long at = c.handle().offset() + ID_AT;
    assertEquals(0, word(images.get(0), at), "no eviction: only fenced write-backs survive");
    assertEquals(7, word(images.get(1), at), "every line evicted: the working contents");
  }

  @Test
  void aWriteBackIsDurableAfterTheFenceNotBefore() {
    Cell fenced = cell(7);
    fenced.pwb();
    heap.pfence();
    Cell pending = cell(8);
    pending.pwb();
    List<byte[]> images = crash();
    assertEquals(7, word(images.get(0), fenced.handle().offset() + ID_AT));
    assertEquals(0, word(images.get(0), pending.handle().offset() + ID_AT), "a pwb without a fence is not durable");
  }

  @Test
  void aWriteBackCarriesTheContentsAtThePwbNotAtTheFence() {
    Cell c = cell(7);
    c.pwb();
    c.handle().putLong(ID_AT, 9);
    heap.pfence();
    List<byte[]> images = crash();
    long at = c.handle().offset() + ID_AT;
    assertEquals(7, word(images.get(0), at), "the store after the pwb is not made durable by the fence");
    assertEquals(9, word(images.get(1), at));
  }

  @Test
  void aPendingLineMayAlsoLandAsItsSnapshot() {
    Cell c = cell(7);
    c.pwb();
    c.handle().putLong(ID_AT, 9);
    Set<Long> seen = new HashSet<>();
    for (byte[] image : crash()) {
      seen.add(word(image, c.handle().offset() + ID_AT));
    }
    assertEquals(Set.of(0L, 7L, 9L), seen, "durable, snapshot at the pwb, and current contents");
  }

  @Test
  void wordModeTearsALineAndLineModeNever() {
    Cell c = cell(7);
    List<byte[]> images = crash();
    long id = c.handle().offset() + ID_AT;
    long check = c.handle().offset() + CHECK_AT;
    int tornInWordMode = 0;
    for (int s = 0; s < SEEDS; s++) {
      boolean idNew = word(images.get(s), id) == 7;
      boolean checkNew = word(images.get(s), check) == SelfChecking.stamp(7, 0);
      Eviction.Mode mode = plan.evictions().get(s).mode();
      if (mode == Eviction.Mode.WORD) {
        tornInWordMode += idNew != checkNew ? 1 : 0;
      } else {
        assertEquals(idNew, checkNew, "seed " + s + " (" + mode + ") tore a line");
      }
    }
    assertTrue(tornInWordMode > 0, "no word-mode seed tore the line");
  }

  @Test
  void linesWhoseWorkingContentsAreDurableAreKept() {
    cell(7).pwb();
    cell(8);
    List<byte[]> images = crash();
    byte[] durable = images.get(0);
    byte[] working = images.get(1);
    int line = SimulatedPersistence.LINE;
    int clean = 0;
    for (int at = 0; at < durable.length; at += line) {
      if (Arrays.equals(durable, at, at + line, working, at, at + line)) {
        clean++;
        for (byte[] image : images) {
          assertTrue(Arrays.equals(image, at, at + line, durable, at, at + line), "clean line " + at / line + " changed");
        }
      }
    }
    assertTrue(clean > 0 && clean < durable.length / line, "some lines are dirty and most are clean");
  }

  @Test
  void aPlannedCrashThrowsAtItsFenceAndLeavesTheBackendInert() {
    // Fence 0 is the psync that marks the new heap in use; 1, 2 and 3 are the loop's.
    CrashPlan at = CrashPlan.at(3, List.of(new Eviction(0)));
    Path file = dir.resolve("crash.heap");
    CrashError e = assertThrows(CrashError.class, () -> {
      try (Heap h = Heap.create(file, HeapConfig.ofSize(1 << 20).persistence(SimulatedPersistence.provider(at)))) {
        for (int i = 0; i < 10; i++) {
          h.pfence();
        }
      }
    });
    assertEquals(3, e.fence());
    assertEquals(3, at.crashedAt());
    assertEquals(1, at.images().size());
    assertTrue(at.backend().isCrashed());
    at.backend().pfence();
    at.backend().pwb(16);
    assertEquals(3, at.backend().fences(), "inert after the crash");
  }

  @Test
  void theFlushFiguresCountRedundantAndNeverStoredWriteBacks() {
    Cell c = cell(7);
    FlushStats before = plan.backend().stats();
    c.handle().pwb(ID_AT, 8);
    c.handle().pwb(ID_AT, 8);
    c.handle().putLong(ID_AT, 8);
    c.handle().pwb(ID_AT, 8);
    heap.pfence();
    c.handle().pwb(ID_AT, 8);
    long untouched = c.handle().offset() + 2 * SimulatedPersistence.LINE;
    c.handle().pwb(untouched - c.handle().offset(), 8);
    FlushStats after = plan.backend().stats();
    assertEquals(5, after.pwbs() - before.pwbs());
    assertEquals(2, after.redundantPwbs() - before.redundantPwbs(), "the second pwb, and the one after the fence");
    assertEquals(1, after.unstoredPwbs() - before.unstoredPwbs(), "the line the cell never stored to");
    assertEquals(1, after.pfences() - before.pfences());
  }

  @Test
  void aPwbOutsideTheHeapIsReported() {
    assertThrows(IllegalStateException.class, () -> plan.backend().pwb(16));
  }

  @Test
  void evictionsAreReproducible() {
    cell(7);
    cell(8).pwb();
    byte[] working = plan.backend().readWorking();
    byte[] zero = new byte[working.length];
    BitSet pending = new BitSet();
    for (long s : LongStream.range(2, 12).toArray()) {
      byte[] a = new Eviction(s).image(zero, working, zero, pending);
      byte[] b = new Eviction(s).image(zero, working, zero, pending);
      assertTrue(Arrays.equals(a, b), "seed " + s);
    }
    assertFalse(Arrays.equals(new Eviction(0).image(zero, working, zero, pending), working));
  }
}
