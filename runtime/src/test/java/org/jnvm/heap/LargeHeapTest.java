package org.jnvm.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.RefArray;
import org.jnvm.fixtures.ShmTempDir;
import org.jnvm.heap.format.Geometry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sparse 8 GiB heap: more than one 2 GiB mapping, with objects past 4 GiB. */
class LargeHeapTest {
  private static final long SIZE = 8L << 30;
  private static final long FOUR_GIB = 4L << 30;

  @TempDir(factory = ShmTempDir.class)
  Path dir;

  @Test
  void objectsBeyondFourGibSurviveReopen() {
    Path file = dir.resolve("big.heap");
    long[] offsets = new long[16];
    // 64 KiB blocks keep the header table small; a filler array of 4 GiB pushes the bump pointer
    // past 4 GiB without touching its pages, since never-used blocks are not cleared.
    try (Heap heap = Heap.create(file, HeapConfig.ofSize(SIZE).blockSize(64 << 10))) {
      RefArray filler = new RefArray(heap, (int) (FOUR_GIB / 8));
      RefArray far = new RefArray(heap, offsets.length).publishArray();
      for (int i = 0; i < offsets.length; i++) {
        Node n = new Node(heap, 1000 + i).publish();
        offsets[i] = n.handle().offset();
        assertTrue(offsets[i] > FOUR_GIB, "allocated at " + offsets[i]);
        far.set(i, n);
      }
      far.pwb();
      heap.roots().put("far", far);
      heap.free(filler);
    }
    try (Heap heap = Heap.open(file, HeapConfig.existing())) {
      assertEquals(SIZE, heap.geometry().heapSize());
      RefArray far = heap.roots().get("far", RefArray.class);
      assertTrue(far.handle().offset() > FOUR_GIB);
      for (int i = 0; i < offsets.length; i++) {
        Node n = (Node) far.get(i);
        assertEquals(offsets[i], n.handle().offset());
        assertEquals(1000 + i, n.getValue());
      }
      assertEquals(1 + offsets.length, heap.recoveryReport().liveObjects());
      assertTrue(heap.recoveryReport().freedBlocks() >= FOUR_GIB / (64 << 10), "the filler's blocks are free again");
    }
  }

  @Test
  void everyAddressOfEveryChunkNamesItsBlock() {
    try (Heap heap = Heap.create(dir.resolve("chunks.heap"), HeapConfig.ofSize(SIZE).blockSize(64 << 10))) {
      Mapping mapping = heap.mapping();
      assertEquals(SIZE >>> Geometry.CHUNK_SHIFT, mapping.chunkCount());
      long blockSize = heap.geometry().blockSize();
      for (int c = 0; c < mapping.chunkCount(); c++) {
        long start = mapping.chunkAddress(c);
        long firstOffset = (long) c << Geometry.CHUNK_SHIFT;
        long lastByte = mapping.chunkLength(c) - 1;
        assertEquals(c, mapping.chunkIndexOf(start));
        assertEquals(c, mapping.chunkIndexOf(start + lastByte));
        assertEquals(firstOffset / blockSize, heap.blocks().blockAt(start));
        assertEquals((firstOffset + lastByte) / blockSize, heap.blocks().blockAt(start + lastByte));
        assertEquals(firstOffset / blockSize + 3, heap.blocks().blockAt(start + 3 * blockSize + 17));
      }
      long lowest = Long.MAX_VALUE;
      for (int c = 0; c < mapping.chunkCount(); c++) {
        lowest = Math.min(lowest, mapping.chunkAddress(c));
      }
      assertEquals(-1, mapping.chunkIndexOf(lowest - 1));
      assertEquals(-1, mapping.chunkIndexOf(Long.MAX_VALUE));
      long outside = lowest - 1;
      assertThrows(IllegalArgumentException.class, () -> heap.blocks().blockAt(outside));
    }
  }
}
