package org.jnvm.bench.ycsb.jnvm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.jnvm.bench.ycsb.store.ShmDirectories;
import org.jnvm.bench.ycsb.store.YcsbRecord.Slice;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.pdt.PBytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PackedRecordTest {
  private Path directory;
  private Heap heap;

  @BeforeEach
  void openHeap() throws IOException {
    directory = ShmDirectories.create();
    heap = Heap.openOrCreate(directory.resolve("packed.heap"), HeapConfig.ofSize(1 << 20));
  }

  @AfterEach
  void closeHeap() throws IOException {
    heap.close();
    ShmDirectories.delete(directory);
  }

  /**
   * The places a record's slots are read from: its array, a {@code PBytes} that stores it, and the
   * {@code PBytes} an update that changes nothing writes from it, slot runs and all.
   */
  private List<Function<byte[], PackedRecord>> readers() {
    return List.of(
        PackedRecord::of,
        packed -> PackedRecord.of(PBytes.of(heap, packed)),
        packed -> PackedRecord.of(PackedRecord.of(packed).updated(heap, new byte[FieldNames.COUNT][])));
  }

  @Test
  void slotsReadBackAsPackedFromAnArrayAndFromTheHeap() {
    byte[][] slots = new byte[FieldNames.COUNT][];
    for (int i = 0; i < slots.length; i++) {
      slots[i] = i == 3 ? null : bytes(i, 100 * i);
    }
    slots[5] = new byte[0];
    for (Function<byte[], PackedRecord> read : readers()) {
      PackedRecord record = read.apply(packed(slots));
      for (int i = 0; i < slots.length; i++) {
        assertArrayEquals(slots[i], array(record.slot(i)), "slot " + i);
      }
      assertNull(record.slot(3), "no value is not an empty one");
    }
  }

  @Test
  void anUpdateSetsOnlyTheSlotsItChanges() {
    byte[][] slots = new byte[FieldNames.COUNT][];
    for (int i = 0; i < slots.length; i++) {
      slots[i] = i == 4 ? null : bytes(i, 300);
    }
    byte[][] changed = new byte[FieldNames.COUNT][];
    changed[7] = bytes(70, 2);
    changed[4] = bytes(40, 6);
    PBytes stored = PackedRecord.pack(heap, slots);
    PackedRecord next = PackedRecord.of(PackedRecord.of(stored).updated(heap, changed));
    for (int i = 0; i < slots.length; i++) {
      assertArrayEquals(changed[i] != null ? changed[i] : slots[i], array(next.slot(i)), "slot " + i);
    }
    assertArrayEquals(packed(slots), stored.toByteArray(), "the stored record is left as it was");
  }

  @Test
  void bytesThatAreNotTenSlotsExactlyAreRefused() {
    byte[] empty = packed(new byte[FieldNames.COUNT][]);
    for (Function<byte[], PackedRecord> read : readers()) {
      assertThrows(IllegalArgumentException.class, () -> read.apply(Arrays.copyOf(empty, empty.length + 4)), "bytes beyond the last slot");
      assertThrows(IllegalArgumentException.class, () -> read.apply(Arrays.copyOf(empty, empty.length - 2)), "a record cut short");
      byte[] overlong = empty.clone();
      overlong[3] = 9;
      assertThrows(IllegalArgumentException.class, () -> read.apply(overlong), "a slot claiming more bytes than there are");
      byte[] negative = empty.clone();
      negative[3] = -2;
      assertThrows(IllegalArgumentException.class, () -> read.apply(negative), "a negative length other than absent");
    }
  }

  /** A record of the values by slot {@code slots} has, as its bytes. */
  private byte[] packed(byte[][] slots) {
    return PackedRecord.pack(heap, slots).toByteArray();
  }

  private static byte[] bytes(int seed, int length) {
    byte[] b = new byte[length];
    Arrays.fill(b, (byte) seed);
    return b;
  }

  /** A slot's bytes, or null for a slot without a value. */
  private static byte[] array(Slice slot) {
    return slot == null ? null : slot.toArray();
  }
}
