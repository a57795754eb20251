package org.jnvm.bench.table3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Java access path of Table 3 reads and writes the same bytes: the read hashes, which depend
 * on every word and on the visiting order, agree between the paths, so a path that visited the
 * wrong block, or wrote to one, would stand out.
 */
class RuntimeBlocksTest {
  private static final int BLOCKS = 4096;

  @TempDir Path dir;

  @Test
  void everyAccessPathReadsWhatTheOthersWrote() {
    Map<Access, List<Pass>> byAccess = new EnumMap<>(Access.class);
    try (RuntimeBlocks blocks = new RuntimeBlocks(dir.resolve("t3.heap"), BLOCKS, 7)) {
      // Each turn's writes end with stamp 2, as the fill leaves them, so each turn reads the same data.
      blocks.fill(2);
      for (Access access : Access.values()) {
        byAccess.put(access, blocks.runAll(access, 0, 1, 1));
      }
    }
    for (Pattern read : new Pattern[] {Pattern.SEQ_READ, Pattern.RAND_READ}) {
      long expected = hash(byAccess.get(Access.RAW), read);
      for (Access access : Access.values()) {
        assertEquals(expected, hash(byAccess.get(access), read), access + ", " + read);
      }
    }
    assertNotEquals(hash(byAccess.get(Access.RAW), Pattern.SEQ_READ), hash(byAccess.get(Access.RAW), Pattern.RAND_READ),
        "the hash depends on the order of the visit");
  }

  @Test
  void vectorWritesStoreWhatWordWritesStore() {
    try (RuntimeBlocks blocks = new RuntimeBlocks(dir.resolve("vector.heap"), BLOCKS, 7)) {
      blocks.fill(6);
      long filled = hash(blocks.runAll(Access.RAW, 0, 1, 1), Pattern.RAND_READ);
      // The raw turn's own writes left stamp 2; the vector turn reads them, then writes 5 and 6.
      long afterRaw = hash(blocks.runAll(Access.VECTOR, 0, 1, 5), Pattern.RAND_READ);
      assertNotEquals(filled, afterRaw, "stamp 2 is not stamp 6");
      assertEquals(filled, hash(blocks.runAll(Access.RAW, 0, 1, 1), Pattern.RAND_READ), "the vector writes of stamp 6 read as the fill of stamp 6");
    }
  }

  @Test
  void theJavaHeapPerBlockHoldsAtLeastEachBlocksProxyAndHandle() {
    try (RuntimeBlocks blocks = new RuntimeBlocks(dir.resolve("heap.heap"), BLOCKS, 7)) {
      // A proxy and its handle are objects of at least 16 bytes each, both reachable from the arrays.
      assertTrue(blocks.javaHeapPerBlock() >= 32, blocks.javaHeapPerBlock() + " B per block");
    }
  }

  private static long hash(List<Pass> passes, Pattern pattern) {
    return passes.stream().filter(p -> p.pattern() == pattern).findFirst().orElseThrow().checksum();
  }
}
