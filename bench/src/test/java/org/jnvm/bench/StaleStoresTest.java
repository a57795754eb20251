package org.jnvm.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Before a report starts, the stores of killed runs go; live and foreign files stay. */
class StaleStoresTest {
  @TempDir Path heaps;

  private final Instant now = Instant.now();

  private Path file(String name, int bytes, Instant modified) throws IOException {
    Path file = Files.write(heaps.resolve(name), new byte[bytes]);
    Files.setLastModifiedTime(file, FileTime.from(modified));
    return file;
  }

  private Instant stale() {
    return now.minus(StaleStores.QUIET).minusSeconds(60);
  }

  @Test
  void aStoreNobodyUsesOrWroteLatelyIsDeletedAndCounted() throws IOException {
    Path left = file("jnvm-tpcb-jnvm-gc-4242.heap", 3 << 20, stale());

    StaleStores.Removed removed = StaleStores.delete(heaps, Set.of(), now);

    assertEquals(List.of(left), removed.stores());
    assertEquals(3L << 20, removed.bytes());
    assertFalse(Files.exists(left));
    assertTrue(removed.summary().contains("3 MiB"), removed.summary());
  }

  @Test
  void aStoreInUseARecentOneAndAFileOfAnotherNameAreKept() throws IOException {
    Path used = file("jnvm-bench-adhoc-field-1-1.heap", 64, stale());
    Path recent = file("jnvm-table3-77.heap", 64, now.minusSeconds(5));
    Path foreign = file("jnvm-test-heap-1.heap", 64, stale());

    StaleStores.Removed removed = StaleStores.delete(heaps, Set.of(used.toRealPath()), now);

    assertEquals(List.of(), removed.stores());
    assertEquals("", removed.summary());
    assertTrue(Files.exists(used) && Files.exists(recent) && Files.exists(foreign));
  }

  @Test
  void aDirectoryStoreGoesWholeOnlyWhenNothingInItIsInUse() throws IOException {
    Path stale = Files.createDirectory(heaps.resolve("jnvm-ycsb-lmdb-1"));
    Files.write(stale.resolve("data.mdb"), new byte[1 << 20]);
    Path live = Files.createDirectory(heaps.resolve("jnvm-ycsb-jnvm-pdt-2"));
    Path liveHeap = Files.write(live.resolve("jnvm-pdt.heap"), new byte[16]);
    for (Path p : List.of(stale.resolve("data.mdb"), stale, liveHeap, live)) {
      Files.setLastModifiedTime(p, FileTime.from(stale()));
    }

    StaleStores.Removed removed = StaleStores.delete(heaps, Set.of(liveHeap.toRealPath()), now);

    assertEquals(1, removed.stores().size());
    assertEquals(1L << 20, removed.bytes());
    assertFalse(Files.exists(stale));
    assertTrue(Files.exists(liveHeap));
  }

  @Test
  void aFileThisProcessStillMapsAfterClosingItIsInUse() throws IOException {
    Path heap = file("jnvm-bench-adhoc-probe-1-1.heap", 4096, now);
    MappedByteBuffer mapped;
    try (FileChannel channel = FileChannel.open(heap, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, 4096);
    }
    Files.setLastModifiedTime(heap, FileTime.from(stale()));

    assertTrue(StaleStores.pathsInUse().contains(heap.toRealPath()));
    assertEquals(List.of(), StaleStores.delete(heaps).stores());
    assertTrue(Files.exists(heap));
    mapped.put(0, (byte) 1);
  }
}
