package org.jnvm.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.pdt.PHashMap;
import org.jnvm.pdt.PString;
import org.jnvm.pdt.Policy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a persistent hash map's changes cost in write-backs and fences, counted by the simulated
 * backend. Keys and values handed over published already are not written back or validated again,
 * so each change is one atomic reference update under one pfence: a value update writes back the
 * pair's value reference, an insert the new pair, its header and the slot, a removal the slot and
 * the freed pair's header.
 */
class PdtFlushBudgetTest {
  private Path dir;
  private Heap heap;
  private CrashPlan plan;
  private PHashMap<PString, PString> map;

  @BeforeEach
  void open() {
    dir = CrashFiles.scratch("jnvm-budget-");
    plan = CrashPlan.none(List.of());
    heap = Heap.create(dir.resolve("h.heap"), HeapConfig.ofSize(1 << 22).persistence(SimulatedPersistence.provider(plan)));
    map = new PHashMap<>(heap, Policy.CACHED);
    heap.roots().put("map", map);
  }

  @AfterEach
  void close() {
    heap.close();
    CrashFiles.deleteTree(dir);
  }

  /** A string published under a root, so that it is valid and durable before it is stored. */
  private PString published(String name, String text) {
    PString s = PString.of(heap, text);
    heap.roots().put(name, s);
    return s;
  }

  private FlushStats during(Runnable change) {
    FlushStats before = plan.backend().stats();
    change.run();
    FlushStats after = plan.backend().stats();
    FlushStats d = new FlushStats();
    d.pwbs = after.pwbs - before.pwbs;
    d.pfences = after.pfences - before.pfences;
    d.psyncs = after.psyncs - before.psyncs;
    return d;
  }

  @Test
  void aValueUpdateIsOneWriteBackAndOneFence() {
    PString key = published("k", "key");
    PString first = published("v1", "first value, long enough to take a block of its own, not a pool slot: " + "x".repeat(100));
    PString second = published("v2", "second value, long enough to take a block of its own, not a pool slot: " + "y".repeat(100));
    map.put(key, first);

    FlushStats update = during(() -> map.put(key, second));

    assertEquals(1, update.pwbs, "the pair's value reference only: " + update);
    assertEquals(1, update.fences(), update.toString());
    assertEquals(second, map.get(key));
  }

  @Test
  void makingAStringOfThreeBlocksWritesBackItsCharactersAndAtMostOneLineOfSlaveHeaders() {
    PString.of(heap, "registers the class of strings of whole blocks, with fences of its own: " + "y".repeat(600));
    FlushStats making = during(() -> PString.of(heap, "z".repeat(600)));

    // 8 header bytes and 600 characters fill 10 lines. The two slave headers sit beside the
    // master's, whose line validation writes back later, unless they start the next line.
    assertTrue(making.pwbs == 10 || making.pwbs == 11, making.toString());
    assertEquals(0, making.fences(), making.toString());
  }

  @Test
  void publishingANewStringAddsOnlyItsHeaderToAValueUpdate() {
    PString key = published("k", "key");
    map.put(key, published("v1", "first value"));
    // Three blocks, written back by PString.of as it filled them, and not valid yet.
    PString fresh = PString.of(heap, "z".repeat(600));

    FlushStats update = during(() -> map.put(key, fresh));

    assertEquals(2, update.pwbs, "the new string's header and the pair's value reference, not its blocks again: " + update);
    assertEquals(1, update.fences(), update.toString());
    assertEquals("z".repeat(600), map.get(key).toString());
  }

  @Test
  void anInsertOfPublishedObjectsWritesBackThePairItsHeaderAndTheSlotUnderOneFence() {
    PString key = published("k", "key");
    PString value = published("v", "a value, long enough to take a block of its own, not a pool slot: " + "x".repeat(100));
    map.put(published("other", "other"), value); // allocates the slot array, so that this insert finds a free slot

    FlushStats insert = during(() -> map.put(key, value));

    assertEquals(3, insert.pwbs, insert.toString());
    assertEquals(1, insert.fences(), insert.toString());
    assertEquals(value, map.get(key));
  }

  @Test
  void aRemovalWritesBackTheSlotAndThePairsHeaderUnderOneFence() {
    PString key = published("k", "key");
    map.put(key, published("v", "value"));

    FlushStats removal = during(() -> map.remove(key));

    assertEquals(2, removal.pwbs, removal.toString());
    assertEquals(1, removal.fences(), removal.toString());
    assertEquals(0, map.size());
  }
}
