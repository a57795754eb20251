package org.jnvm.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.jnvm.crash.objects.Cell;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.heap.format.SuperBlock;
import org.jnvm.recovery.RecoveryMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The generic checks can fail: each damage below is one they must report. Opening with the no-GC
 * recovery keeps the damage that the recovery GC would otherwise repair.
 */
class HeapCheckerTest {
  private static final long NEXT_AT = Cell.LAYOUT.field("next").orElseThrow().offset();
  private static final long CHECK_AT = Cell.LAYOUT.field("check").orElseThrow().offset();

  private Path dir;
  private byte[] image;
  private long root;
  private long spare;

  /** A 4 MiB heap whose bump mark stops short of its end, with a root cell and a valid unreachable cell. */
  @BeforeEach
  void build() {
    dir = CrashFiles.scratch("jnvm-checker-");
    CrashPlan plan = CrashPlan.none(List.of(new Eviction(1)));
    try (Heap heap = Heap.create(dir.resolve("a.heap"), HeapConfig.ofSize(4 << 20).persistence(SimulatedPersistence.provider(plan)))) {
      Cell c = new Cell(heap, 1);
      c.pwb();
      heap.roots().put("c", c);
      Cell other = new Cell(heap, 2);
      other.pwb();
      other.validate();
      heap.pfence();
      root = c.handle().offset();
      spare = other.handle().offset();
      plan.backend().crash();
    }
    image = plan.images().get(0);
  }

  @AfterEach
  void clean() {
    CrashFiles.deleteTree(dir);
  }

  private void put(long offset, long value) {
    ByteBuffer.wrap(image).order(ByteOrder.LITTLE_ENDIAN).putLong((int) offset, value);
  }

  private List<String> inspect(RecoveryMode mode) {
    Path file = dir.resolve("b.heap");
    Crashes.write(file, image);
    CrashPlan plan = CrashPlan.none(List.of());
    Violations v = new Violations();
    try (Heap heap = Heap.open(file, HeapConfig.existing().recovery(mode).persistence(SimulatedPersistence.provider(plan)))) {
      HeapChecker.inspect(heap, plan.backend(), v);
    }
    return v.messages();
  }

  private static void assertReports(List<String> found, String fragment) {
    assertTrue(found.stream().anyMatch(m -> m.contains(fragment)), "expected a violation with '" + fragment + "', got " + found);
  }

  @Test
  void anIntactImagePasses() {
    Violations v = new Violations();
    HeapChecker.checkImage(image, v);
    assertEquals(List.of(), v.messages());
    assertEquals(List.of(), inspect(RecoveryMode.GC), "the recovery GC frees the unreachable cell");
  }

  @Test
  void dataPastTheBumpMarkIsReported() {
    long bump = ByteBuffer.wrap(image).order(ByteOrder.LITTLE_ENDIAN).getLong(SuperBlock.BUMP_AT);
    assertTrue(bump << 8 < image.length, "the test needs blocks past the mark");
    put((bump + 3) << 8, 42);
    Violations v = new Violations();
    HeapChecker.checkImage(image, v);
    assertReports(v.messages(), "past the durable bump mark");
  }

  @Test
  void aDefectiveObjectIsReported() {
    put(root + CHECK_AT, 5);
    assertReports(inspect(RecoveryMode.GC), "the check word of object 1");
  }

  @Test
  void aDanglingReferenceIsReported() {
    put(root + NEXT_AT, spare + (1 << 8));
    assertReports(inspect(RecoveryMode.NO_GC), "dangling reference");
  }

  @Test
  void aLiveObjectNoRootReachesIsALeak() {
    assertReports(inspect(RecoveryMode.NO_GC), "are reachable");
  }
}
