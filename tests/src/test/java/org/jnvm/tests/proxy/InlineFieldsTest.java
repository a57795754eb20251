package org.jnvm.tests.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.jnvm.crash.objects.Packet;
import org.jnvm.crash.objects.PacketProxy;
import org.jnvm.errors.HeapCorruptedException;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Heap;
import org.jnvm.memory.Memory;
import org.jnvm.proxy.Construction;
import org.jnvm.proxy.InlineBytes;
import org.junit.jupiter.api.Test;

/** {@code @Inline} byte fields: stored in the object, null by default, bounded, kept across a reopen. */
class InlineFieldsTest extends HeapTest {
  private static byte[] bytes(int length, int seed) {
    byte[] b = new byte[length];
    for (int i = 0; i < length; i++) {
      b[i] = (byte) (seed + 31 * i);
    }
    return b;
  }

  private Packet newPacket(Heap heap) {
    return Construction.inHeap(heap, () -> PacketProxy.create(7L));
  }

  @Test
  void aNewObjectsFieldsAreNullAndTakeEveryLengthUpToTheirCapacity() {
    Packet p = newPacket(open());
    for (int field = 0; field < 3; field++) {
      assertNull(p.get(field));
      for (int length : new int[] {0, 1, Packet.CAPACITIES[field] / 2, Packet.CAPACITIES[field]}) {
        byte[] content = bytes(length, field + length);
        p.set(field, content, length);
        assertArrayEquals(content, p.get(field), "field " + field + ", " + length + " bytes");
      }
      p.set(field, null, 0);
      assertNull(p.get(field));
    }
  }

  @Test
  void theFieldsLieInTheObjectWhoseLargestFieldSpansTwoBlocks() {
    Packet p = newPacket(open());
    assertEquals(2, p.handle().blockCount(), "20 + 100 + 300 bytes, each with a length word, and a long: 440 bytes");
    assertTrue(PacketProxy.OFFSET_LARGE < 256 && PacketProxy.OFFSET_LARGE + 304 > 256, "the large field spans both blocks");
    p.setLarge(bytes(300, 1));
    p.setSmall(bytes(20, 2));
    p.setMiddle(bytes(100, 3));
    assertArrayEquals(bytes(300, 1), p.getLarge(), "the neighbours' writes left it whole");
    assertArrayEquals(bytes(20, 2), p.getSmall());
  }

  @Test
  void aWriteLongerThanTheCapacityIsRefusedAndLeavesTheField() {
    Packet p = newPacket(open());
    p.setMiddle(bytes(10, 5));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.setMiddle(new byte[101]));
    assertTrue(e.getMessage().contains("101 bytes do not fit an @Inline field of capacity 100"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> p.set(1, new byte[101], 9));
    assertArrayEquals(bytes(10, 5), p.getMiddle());
    assertEquals(7, p.getVersion(), "the failure-atomic set aborted whole");
  }

  @Test
  void theContentIsCopiedBothWays() {
    Packet p = newPacket(open());
    byte[] content = bytes(50, 9);
    p.setMiddle(content);
    content[0]++;
    byte[] read = p.getMiddle();
    read[1]++;
    assertArrayEquals(bytes(50, 9), p.getMiddle());
  }

  @Test
  void theFieldsSurviveAReopenWithTheRecoveryGc() {
    Packet p = newPacket(open());
    p.setLarge(bytes(299, 4));
    p.setSmall(new byte[0]);
    heap.roots().put("p", p);
    Packet again = reopen().roots().get("p", Packet.class);
    assertArrayEquals(bytes(299, 4), again.getLarge());
    assertArrayEquals(new byte[0], again.getSmall());
    assertNull(again.getMiddle());
  }

  @Test
  void anAbortedBlockLeavesEveryFieldAsItWas() {
    Packet p = newPacket(open());
    p.setLarge(bytes(300, 1));
    assertThrows(IllegalStateException.class, () -> FailureAtomic.run(() -> {
      p.setLarge(bytes(120, 2));
      p.setSmall(bytes(3, 3));
      throw new IllegalStateException("abort");
    }));
    assertArrayEquals(bytes(300, 1), p.getLarge());
    assertNull(p.getSmall());
  }

  @Test
  void aStoredLengthPastTheCapacityIsReportedAsDamage() {
    Packet p = newPacket(open());
    p.setSmall(bytes(4, 4));
    long lengthWord = p.handle().address(PacketProxy.OFFSET_SMALL, 4);
    for (int stored : new int[] {22, -5, Integer.MIN_VALUE}) {
      Memory.putInt(lengthWord, stored);
      HeapCorruptedException e = assertThrows(HeapCorruptedException.class, p::getSmall);
      assertTrue(e.getMessage().contains("capacity is 20"), e.getMessage());
    }
    Memory.putInt(lengthWord, 21);
    assertEquals(20, p.getSmall().length, "a full field is not damage");
  }

  private static final long[] OFFSETS = {PacketProxy.OFFSET_SMALL, PacketProxy.OFFSET_MIDDLE, PacketProxy.OFFSET_LARGE};

  private static InlineBytes.Snapshot wholeSnapshot(Packet p) {
    return InlineBytes.snapshot(p, 0, (int) PacketProxy.SIZE);
  }

  @Test
  void aSnapshotHoldsEveryFieldAsItsGetterReadsIt() {
    Packet p = newPacket(open());
    p.setMiddle(bytes(0, 0));
    p.setLarge(bytes(300, 6));
    InlineBytes.Snapshot copy = wholeSnapshot(p);
    for (int field = 0; field < 3; field++) {
      byte[] expected = p.get(field);
      assertArrayEquals(expected, copy.get(OFFSETS[field], Packet.CAPACITIES[field]), "field " + field);
      int length = copy.length(OFFSETS[field], Packet.CAPACITIES[field]);
      assertEquals(expected == null ? -1 : expected.length, length, "field " + field);
      if (expected != null) {
        int at = copy.offset(OFFSETS[field]);
        assertArrayEquals(expected, Arrays.copyOfRange(copy.array(), at, at + length), "field " + field + " in place");
      }
    }
    p.setLarge(bytes(10, 7));
    assertArrayEquals(bytes(300, 6), copy.get(PacketProxy.OFFSET_LARGE, 300), "a snapshot does not follow later writes");
  }

  @Test
  void aSnapshotInsideABlockHoldsTheBlocksOwnWrites() {
    Packet p = newPacket(open());
    p.setLarge(bytes(300, 1));
    FailureAtomic.run(() -> {
      p.setLarge(bytes(250, 2));
      p.setSmall(bytes(5, 3));
      InlineBytes.Snapshot copy = wholeSnapshot(p);
      assertArrayEquals(bytes(250, 2), copy.get(PacketProxy.OFFSET_LARGE, 300));
      assertArrayEquals(bytes(5, 3), copy.get(PacketProxy.OFFSET_SMALL, 20));
    });
  }

  @Test
  void aSnapshotReportsADamagedLengthAsTheGetterDoes() {
    Packet p = newPacket(open());
    p.setSmall(bytes(4, 4));
    Memory.putInt(p.handle().address(PacketProxy.OFFSET_SMALL, 4), 22);
    InlineBytes.Snapshot copy = wholeSnapshot(p);
    HeapCorruptedException e = assertThrows(HeapCorruptedException.class, () -> copy.length(PacketProxy.OFFSET_SMALL, 20));
    assertEquals(assertThrows(HeapCorruptedException.class, p::getSmall).getMessage(), e.getMessage());
  }

  @Test
  void aSnapshotRefusesAFieldItDoesNotWhollyHold() {
    Packet p = newPacket(open());
    InlineBytes.Snapshot middleOnly = InlineBytes.snapshot(p, PacketProxy.OFFSET_MIDDLE, 104);
    assertEquals(-1, middleOnly.length(PacketProxy.OFFSET_MIDDLE, 100));
    IndexOutOfBoundsException e =
        assertThrows(IndexOutOfBoundsException.class, () -> middleOnly.length(PacketProxy.OFFSET_MIDDLE, 101));
    assertTrue(e.getMessage().contains("take a snapshot that covers"), e.getMessage());
    assertThrows(IndexOutOfBoundsException.class, () -> middleOnly.get(PacketProxy.OFFSET_SMALL, 20));
    assertThrows(IndexOutOfBoundsException.class, () -> middleOnly.offset(PacketProxy.OFFSET_LARGE));
  }
}
