package org.jnvm.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.jnvm.PObject;
import org.jnvm.errors.HeapCorruptedException;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.RecordingPersistence;
import org.jnvm.fixtures.ShmTempDir;
import org.jnvm.fixtures.Tally;
import org.jnvm.fixtures.Wide;
import org.jnvm.persist.Persistence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The low-level access a data type library needs beyond fields: bytes, raw references, handles. */
class HandleTest {
  @TempDir(factory = ShmTempDir.class)
  Path dir;

  /**
   * A damaged reference that names an object of another class is refused before a proxy is
   * attached, so the other class's resurrect() never runs on it (a map's would load its contents,
   * and could come back to the damaged object without end).
   */
  @Test
  void aReferenceToAnObjectOfAnotherClassIsRefusedBeforeAnyResurrect() {
    try (Heap heap = Heap.create(dir.resolve("t.heap"), HeapConfig.ofSize(1 << 20))) {
      Tally tally = new Tally(heap, 3);
      tally.validate();
      Node node = new Node(heap, 1);
      node.validate();
      node.handle().putLong(Node.LAYOUT.field("next").orElseThrow().offset(), tally.handle().offset());
      int before = Tally.RESURRECT_CALLS.get();
      HeapCorruptedException e = assertThrows(HeapCorruptedException.class, node::getNext);
      assertTrue(e.getMessage().contains(Tally.class.getName()) && e.getMessage().contains(Node.class.getName()), e.getMessage());
      assertEquals(before, Tally.RESURRECT_CALLS.get(), "no Tally proxy was attached");
      assertTrue(heap.resurrect(tally.handle().offset()) instanceof Tally);
      assertEquals(before + 1, Tally.RESURRECT_CALLS.get(), "the Tally's own resurrect still runs its hook");
    }
  }

  @Test
  void bytesCrossBlockBoundariesAndFollowFailureAtomicCopies() {
    try (Heap heap = Heap.create(dir.resolve("b.heap"), HeapConfig.ofSize(1 << 20))) {
      Wide w = new Wide(heap);
      w.pwb();
      heap.roots().put("w", w);
      byte[] data = new byte[500];
      new Random(1).nextBytes(data);
      w.handle().putBytes(3, data, 0, data.length);
      byte[] back = new byte[data.length];
      w.handle().getBytes(3, back, 0, back.length);
      assertArrayEquals(data, back);
      byte[] changed = data.clone();
      changed[400] ^= 1;
      assertThrows(
          IllegalStateException.class,
          () ->
              FailureAtomic.run(
                  () -> {
                    w.handle().putBytes(3, changed, 0, changed.length);
                    byte[] seen = new byte[changed.length];
                    heap.handle(w.handle().offset()).getBytes(3, seen, 0, seen.length);
                    assertArrayEquals(changed, seen, "another handle sees the block's bytes");
                    throw new IllegalStateException();
                  }));
      w.handle().getBytes(3, back, 0, back.length);
      assertArrayEquals(data, back, "the aborted block's bytes are gone");
      assertThrows(IndexOutOfBoundsException.class, () -> w.handle().getBytes(w.handle().capacity() - 2, new byte[4], 0, 4));
    }
  }

  /**
   * Bytes are copied a run of adjacent blocks at a time; a chain with a gap, as reused blocks
   * make, must still be copied block by block where it breaks.
   */
  @Test
  void bytesFollowABlockChainWithAGapInIt() {
    try (Heap heap = Heap.create(dir.resolve("g.heap"), HeapConfig.ofSize(1 << 20))) {
      Wide w = Wide.withAGap(heap);
      Handle h = w.handle();
      long block = heap.geometry.blockSize();
      assertEquals(3, h.blockCount());
      assertNotEquals(h.address(0, 1) + block, h.address(block, 1), "a gap after the first block");
      assertEquals(h.address(block, 1) + block, h.address(2 * block, 1), "then two adjacent blocks");

      byte[] data = new byte[(int) h.capacity() - 5];
      new Random(2).nextBytes(data);
      h.putBytes(5, data, 0, data.length);
      for (int i = 0; i < data.length; i++) {
        assertEquals(data[i], h.getByte(5 + i), "byte " + i);
      }
      byte[] back = new byte[data.length];
      h.getBytes(5, back, 0, back.length);
      assertArrayEquals(data, back);
    }
  }

  /**
   * An object whose blocks follow one another is copied in one run without its block list; the
   * run must still end at the object's capacity, never in the object placed after it, and a range
   * that runs past the end copies nothing at all.
   */
  @Test
  void bytesOfConsecutiveBlocksAreCopiedInOneRunThatEndsAtTheCapacity() {
    try (Heap heap = Heap.create(dir.resolve("c.heap"), HeapConfig.ofSize(1 << 20))) {
      Wide w = new Wide(heap);
      Wide next = new Wide(heap);
      Handle h = w.handle();
      long block = heap.geometry.blockSize();
      assertEquals(3, h.blockCount());
      assertEquals(h.address(0, 1) + 2 * block, h.address(2 * block, 1), "three adjacent blocks");
      assertEquals(h.address(0, 1) + h.capacity(), next.handle().address(0, 1), "the next object follows");

      byte[] data = new byte[(int) h.capacity() - 7];
      new Random(3).nextBytes(data);
      h.putBytes(7, data, 0, data.length);
      byte[] back = new byte[data.length];
      h.getBytes(7, back, 0, back.length);
      assertArrayEquals(data, back);
      assertEquals(data[data.length - 1], h.getByte(h.capacity() - 1));

      byte[] neighbour = new byte[16];
      next.handle().getBytes(0, neighbour, 0, neighbour.length);
      byte[] tooLong = new byte[20];
      java.util.Arrays.fill(tooLong, (byte) 0x5a);
      assertThrows(IndexOutOfBoundsException.class, () -> h.putBytes(h.capacity() - 10, tooLong, 0, tooLong.length));
      byte[] partial = new byte[20];
      assertThrows(IndexOutOfBoundsException.class, () -> h.getBytes(h.capacity() - 10, partial, 0, partial.length));
      assertArrayEquals(new byte[20], partial, "a read past the end copies nothing");
      byte[] after = new byte[16];
      next.handle().getBytes(0, after, 0, after.length);
      assertArrayEquals(neighbour, after, "nothing was written past the capacity");
      h.getBytes(7, back, 0, back.length);
      assertArrayEquals(data, back, "nor in the object: a write past the end writes nothing");
    }
  }

  @Test
  void aWriteBackOfBytesThatSpanBlocksWritesBackTheLinesOfEach() {
    RecordingPersistence rec = new RecordingPersistence();
    try (Heap heap = Heap.create(dir.resolve("p.heap"), HeapConfig.ofSize(1 << 20).persistence(f -> rec))) {
      Wide w = new Wide(heap);
      long block = heap.geometry.blockSize();
      long before = rec.pwbs.get();
      w.handle().pwb(block - 32, 64);
      assertEquals(2, rec.pwbs.get() - before, "the last line of the first block and the first of the second");
      before = rec.pwbs.get();
      w.handle().pwb(block - 32, (int) (2 * block));
      assertEquals(2 * block / 64 + 1, rec.pwbs.get() - before, "every line of two blocks' worth, across three blocks");
      before = rec.pwbs.get();
      w.handle().pwb(8, 8);
      assertEquals(1, rec.pwbs.get() - before);
    }
  }

  @Test
  void rawReferencesAreCheckedAndHandlesComeWithoutProxies() {
    try (Heap heap = Heap.create(dir.resolve("r.heap"), HeapConfig.ofSize(1 << 20))) {
      Node a = new Node(heap, 1).publish();
      Node b = new Node(heap, 2).publish();
      a.handle().putRefOffset(8, b.handle().offset());
      assertEquals(2, a.getNext().getValue());
      assertThrows(HeapCorruptedException.class, () -> a.handle().putRefOffset(8, b.handle().offset() + 8));
      assertThrows(HeapCorruptedException.class, () -> a.handle().putRefOffset(8, 12345));
      Handle h = heap.handle(b.handle().offset());
      assertEquals(2, h.getLong(0));
      assertFalse(h.isFreed());
      heap.free(b);
      assertTrue(h.isFreed(), "freed through another proxy");
    }
  }

  /** A proxy's record of what its handle granted: a base of -1 until the handle calls it. */
  private static final class Grant implements DirectAccess {
    long base = -1;
    Persistence persistence;

    @Override
    public void directAccess(long b, Persistence p) {
      base = b;
      persistence = p;
    }
  }

  @Test
  void directAccessIsGrantedOnlyForASpanAtConsecutiveAddressesAndOnlyToOneProxy() {
    try (Heap heap = Heap.create(dir.resolve("d.heap"), HeapConfig.ofSize(1 << 20))) {
      Handle node = heap.handle(new Node(heap, 1).publish().handle().offset());
      long master = node.address(0, 1);
      Grant fits = new Grant();
      node.bind(fits, HeapConfig.DEFAULT_BLOCK_SIZE);
      assertEquals(master, fits.base, "a span of the whole master block");
      assertSame(heap.persistence(), fits.persistence, "with the heap's own backend, for write-backs by address");
      node.bind(fits, HeapConfig.DEFAULT_BLOCK_SIZE);
      assertEquals(master, fits.base, "binding again changes nothing");
      Grant second = new Grant();
      node.bind(second, 16);
      assertEquals(0, fits.base, "a second proxy revokes the first one's access");
      assertEquals(0, second.base, "and gets none");

      Handle wide = new Wide(heap).handle();
      Grant tooLong = new Grant();
      wide.bind(tooLong, wide.capacity() + 8);
      assertEquals(0, tooLong.base, "a span beyond the object");
      Grant negative = new Grant();
      assertThrows(IllegalArgumentException.class, () -> heap.handle(wide.offset()).bind(negative, -1));

      Handle adjacent = new Wide(heap).handle();
      Grant whole = new Grant();
      adjacent.bind(whole, adjacent.capacity());
      assertEquals(adjacent.address(0, 1), whole.base, "the whole object, whose blocks follow one another");
      assertEquals(whole.base + adjacent.capacity() - 8, adjacent.address(adjacent.capacity() - 8, 8), "its last word is at base + offset");

      Handle gapped = Wide.withAGap(heap).handle();
      Grant pastTheGap = new Grant();
      gapped.bind(pastTheGap, HeapConfig.DEFAULT_BLOCK_SIZE + 8);
      assertEquals(0, pastTheGap.base, "a span past the master block of an object with a gap after it");
      Grant inMaster = new Grant();
      heap.handle(gapped.offset()).bind(inMaster, HeapConfig.DEFAULT_BLOCK_SIZE);
      assertEquals(gapped.address(0, 1), inMaster.base, "its master block alone");
    }
  }

  @Test
  void aFreeRevokesDirectAccessAndAnAbortedFreeRestoresIt() {
    try (Heap heap = Heap.create(dir.resolve("f.heap"), HeapConfig.ofSize(1 << 20))) {
      Handle h = heap.handle(new Node(heap, 1).publish().handle().offset());
      PObject proxy = () -> h;
      Grant grant = new Grant();
      h.bind(grant, 16);
      long master = h.address(0, 1);
      assertEquals(master, grant.base);
      assertThrows(IllegalStateException.class, () -> FailureAtomic.run(() -> {
        heap.free(proxy);
        assertEquals(0, grant.base, "revoked at the free, before the block commits");
        throw new IllegalStateException("abort");
      }));
      assertEquals(master, grant.base, "the aborted free gave it back");
      heap.free(proxy);
      assertEquals(0, grant.base, "revoked by the free");
    }
  }

  @Test
  void blockOfNamesEachBlockOfAnObjectAsTheMappingDoes() {
    try (Heap heap = Heap.create(dir.resolve("n.heap"), HeapConfig.ofSize(1 << 20))) {
      Node[] nodes = new Node[16];
      for (int i = 0; i < nodes.length; i++) {
        nodes[i] = new Node(heap, i).publish();
      }
      for (int i = 0; i < nodes.length; i += 2) {
        heap.free(nodes[i]); // holes, which a later object may take blocks from
      }
      heap.pfence();
      for (Wide w : new Wide[] {new Wide(heap), new Wide(heap)}) {
        Handle h = w.handle();
        Set<Long> seen = new HashSet<>();
        for (long off = 0; off < h.capacity(); off += heap.blocks().blockSize()) {
          long address = h.blockAddress(off);
          long block = heap.blocks().blockOf(h, address);
          assertEquals(heap.blocks().blockAt(address), block, "block at payload offset " + off);
          assertTrue(seen.add(block), "block " + block + " named twice");
        }
        assertTrue(seen.size() > 1, "a wide object takes several blocks");
      }
    }
  }
}
