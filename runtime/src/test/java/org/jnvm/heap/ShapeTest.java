package org.jnvm.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.PObject;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.fixtures.ShmTempDir;
import org.jnvm.fixtures.Text;
import org.jnvm.fixtures.Wide;
import org.jnvm.heap.format.Geometry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A proxy made from a kept {@link Handle#shape()} instead of the heap's headers: it reaches the
 * same bytes as one made from the headers, and a shape that cannot be the object's is refused.
 */
class ShapeTest {
  @TempDir(factory = ShmTempDir.class)
  Path dir;

  private Heap create() {
    return Heap.create(dir.resolve("s.heap"), HeapConfig.ofSize(1 << 20));
  }

  private static PObject fromShape(PObject o) {
    Handle h = o.handle();
    long shape = h.shape();
    assertNotEquals(0, shape, "an object of consecutive blocks has a shape");
    return h.heap().resurrect(h.offset(), shape);
  }

  @Test
  void aPooledTextAndAMultiBlockTextReadTheSameFromTheirShapes() {
    try (Heap heap = create()) {
      String longText = "x".repeat(700) + "end";
      for (String value : new String[] {"short", longText}) {
        Text t = new Text(heap, value);
        Text back = assertInstanceOf(Text.class, fromShape(t));
        assertEquals(value, back.toString());
        assertEquals(t.handle().offset(), back.handle().offset());
        assertEquals(t.handle().capacity(), back.handle().capacity());
        assertEquals(t.handle().blockCount(), back.handle().blockCount());
      }
    }
  }

  @Test
  void writesThroughAProxyMadeFromAShapeReachTheObjectsBlocks() {
    try (Heap heap = create()) {
      Wide w = Wide.published(heap);
      assertEquals(3, w.handle().blockCount());
      Wide back = assertInstanceOf(Wide.class, fromShape(w));
      assertEquals(3, back.handle().blockCount());
      for (int i = 0; i < Wide.SLOTS; i++) {
        back.set(i, 1000 + i);
      }
      Wide fromHeaders = (Wide) heap.resurrect(w.handle().offset());
      for (int i = 0; i < Wide.SLOTS; i++) {
        assertEquals(1000 + i, fromHeaders.get(i), "slot " + i);
      }
      long block = heap.geometry.blockSize();
      assertEquals(fromHeaders.handle().address(2 * block, 1), back.handle().address(2 * block, 1));
      assertEquals(fromHeaders.handle().blockAddress(2 * block), back.handle().blockAddress(2 * block));
    }
  }

  /** A failure-atomic block copies the blocks a shape-made proxy writes, and drops them on abort. */
  @Test
  void aFailureAtomicBlockWritesTheLaterBlocksOfAShapeMadeProxy() {
    try (Heap heap = create()) {
      Wide w = Wide.published(heap);
      heap.roots().put("w", w);
      Wide back = (Wide) fromShape(w);
      int last = Wide.SLOTS - 1;
      FailureAtomic.run(() -> back.set(last, 7));
      assertEquals(7, w.get(last));
      assertThrows(
          IllegalStateException.class,
          () ->
              FailureAtomic.run(
                  () -> {
                    back.set(last, 8);
                    back.set(0, 8);
                    assertEquals(8, back.get(last), "the block's copy is read back");
                    throw new IllegalStateException();
                  }));
      assertEquals(7, back.get(last), "the aborted write is gone");
      assertEquals(0, back.get(0));
    }
  }

  @Test
  void anObjectWithAGapInItsBlocksOrFreedHasNoShape() {
    try (Heap heap = create()) {
      Wide gapped = Wide.withAGap(heap);
      long block = heap.geometry.blockSize();
      assertNotEquals(gapped.handle().address(0, 1) + block, gapped.handle().address(block, 1), "a gap");
      assertEquals(0, gapped.handle().shape());
      gapped.validate();
      assertInstanceOf(Wide.class, heap.resurrect(gapped.handle().offset(), 0), "shape 0 reads the headers");

      Wide w = Wide.published(heap);
      Handle freed = w.handle();
      assertNotEquals(0, freed.shape());
      heap.free(w);
      assertEquals(0, freed.shape(), "a freed object has no shape");
    }
  }

  @Test
  void aShapeThatCannotBeTheObjectsIsRefused() {
    try (Heap heap = create()) {
      Text pooled = new Text(heap, "short");
      Wide wide = Wide.published(heap);
      long pooledAt = pooled.handle().offset();
      long wideAt = wide.handle().offset();
      long pooledShape = pooled.handle().shape();
      long wideShape = wide.handle().shape();
      long block = heap.geometry.blockSize();
      long end = heap.geometry.blockCount() * block;
      long[][] bad = {
        {wideAt, Shapes.pack(Shapes.classId(wideShape) + 1000, block)}, // no such class
        {wideAt, Shapes.pack(Shapes.classId(wideShape), block + 8)}, // not whole blocks
        {wideAt + 8, wideShape}, // a block class at an offset within a block
        {pooledAt & ~(block - 1), pooledShape}, // a pool slot at a block's start
        {pooledAt, Shapes.pack(Shapes.classId(pooledShape), Shapes.capacity(pooledShape) + 8)}, // not the slot size
        {end - block, Shapes.pack(Shapes.classId(wideShape), 2 * block)}, // runs past the heap's end
        {8, wideShape}, // the heap's own header
        {-block, wideShape},
        {wideAt, Shapes.pack(Shapes.classId(wideShape), 0xFFFF_F000L)},
        {wideAt, Shapes.pack(Shapes.classId(wideShape), 0)}, // no bytes
        {heap.geometry.firstDataBlock() * block - block, wideShape}, // starts in the metadata, ends in the data
        {Long.MIN_VALUE + block, wideShape}, // far below 0: offset - start wraps
        {Long.MAX_VALUE & -block, wideShape}, // far past the end: offset + capacity wraps
      };
      for (long[] b : bad) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> heap.resurrect(b[0], b[1]), () -> Long.toHexString(b[1]) + " at " + b[0]);
        assertTrue(e.getMessage().contains("Handle.shape()"), e.getMessage());
      }
      assertEquals("short", heap.resurrect(pooledAt, pooledShape).toString(), "the right shape still works");
    }
  }

  @Test
  void aShapeAcrossTwoMappedChunksIsRefused() {
    // No file: a 4 GiB geometry is enough to place objects on either side of a chunk's end.
    Geometry g = new Geometry(8, 4L << 30, 64, 1 << 16);
    Shapes shapes = new Shapes(g);
    long chunkEnd = 1L << Geometry.CHUNK_SHIFT;
    assertTrue(shapes.accepts(0, chunkEnd - 512, 512), "two blocks that end with the chunk");
    assertTrue(shapes.accepts(0, chunkEnd, 512), "two blocks that start the next chunk");
    assertFalse(shapes.accepts(0, chunkEnd - 256, 512), "two blocks on either side of its end");
  }
}
