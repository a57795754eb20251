package org.jnvm.pdt;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.jnvm.errors.HeapCorruptedException;
import org.jnvm.heap.Heap;
import org.junit.jupiter.api.Test;

class PByteRecordTest extends HeapTest {
  private static byte[] bytes(String text) {
    return text.getBytes(UTF_8);
  }

  /** Every field of {@code record} as {@link PByteRecord#get} gives it, and as a snapshot gives it. */
  private static byte[][] fieldsOf(PByteRecord record) {
    byte[][] byGet = new byte[record.fields()][];
    byte[][] bySnapshot = new byte[record.fields()][];
    PByteRecord.Snapshot copy = record.snapshot();
    for (int i = 0; i < record.fields(); i++) {
      byGet[i] = record.get(i);
      bySnapshot[i] = copy.get(i);
      int length = copy.length(i);
      if (length >= 0) {
        assertArrayEquals(byGet[i], Arrays.copyOfRange(copy.array(), copy.offset(i), copy.offset(i) + length), "field " + i + " as a slice");
      }
    }
    assertTrue(Arrays.deepEquals(byGet, bySnapshot), "a snapshot gives what get gives");
    return byGet;
  }

  @Test
  void fieldsKeepAbsentEmptyAndFullValuesAcrossReopen() {
    Heap h = heap.heap();
    byte[][] values = {bytes("zero"), null, new byte[0], bytes("three is full")};
    PByteRecord record = PByteRecord.of(h, 13, values);
    h.roots().put("r", record);
    assertEquals(4, record.fields());
    assertEquals(13, record.capacity());
    assertTrue(Arrays.deepEquals(values, fieldsOf(record)));

    h = heap.reopen();
    PByteRecord again = h.roots().get("r", PByteRecord.class);
    assertEquals(13, again.capacity());
    assertTrue(Arrays.deepEquals(values, fieldsOf(again)));
  }

  @Test
  void setReplacesOneFieldInPlaceAndEveryOtherKeepsItsValue() {
    Heap h = heap.heap();
    byte[][] values = new byte[10][];
    for (int i = 0; i < values.length; i++) {
      values[i] = bytes("value " + i);
    }
    PByteRecord record = PByteRecord.of(h, 16, values);
    h.roots().put("r", record);
    // More changes than slots, so that every slot serves as the spare more than once.
    for (int n = 0; n < 40; n++) {
      int field = n * 7 % values.length;
      values[field] = n % 9 == 4 ? null : bytes("set " + n);
      record.set(field, values[field]);
      assertTrue(Arrays.deepEquals(values, fieldsOf(record)), "after change " + n);
    }
    h.psync();
    h = heap.reopen();
    assertTrue(Arrays.deepEquals(values, fieldsOf(h.roots().get("r", PByteRecord.class))));
  }

  @Test
  void aValueThatDoesNotFitIsRefusedAndChangesNothing() {
    Heap h = heap.heap();
    PByteRecord record = PByteRecord.of(h, 4, bytes("ab"), bytes("cd"));
    assertTrue(record.fits(null));
    assertTrue(record.fits(bytes("four")));
    assertTrue(!record.fits(bytes("five!")));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> record.set(1, bytes("five!")));
    assertTrue(e.getMessage().contains("with()"), e.getMessage());
    assertArrayEquals(bytes("cd"), record.get(1));
    assertThrows(IndexOutOfBoundsException.class, () -> record.set(2, null));
    assertThrows(IndexOutOfBoundsException.class, () -> record.get(-1));
    assertThrows(IllegalArgumentException.class, () -> PByteRecord.of(h, 1, bytes("ab")));
    assertThrows(IllegalArgumentException.class, () -> PByteRecord.of(h, 1));
    assertThrows(IllegalArgumentException.class, () -> PByteRecord.of(h, 1, new byte[PByteRecord.MAX_FIELDS + 1][]));
    assertThrows(IllegalArgumentException.class, () -> PByteRecord.of(h, -1, (byte[]) null));
    // Sixteen slots of 2^27 bytes: over 2 GB, more than a snapshot's one array holds.
    IllegalArgumentException tooWide =
        assertThrows(IllegalArgumentException.class, () -> PByteRecord.of(h, 1 << 27, new byte[PByteRecord.MAX_FIELDS][]));
    assertTrue(tooWide.getMessage().contains("one array"), tooWide.getMessage());
  }

  @Test
  void withMakesANewRecordRoomyEnoughForItsChanges() {
    Heap h = heap.heap();
    PByteRecord record = PByteRecord.of(h, 4, bytes("ab"), bytes("cd"), null);
    PByteRecord wider = record.with(h, new byte[][] {null, bytes("longer than four"), bytes("x")});
    assertNotSame(record, wider);
    assertEquals(16, wider.capacity());
    assertTrue(Arrays.deepEquals(new byte[][] {bytes("ab"), bytes("longer than four"), bytes("x")}, fieldsOf(wider)));
    assertTrue(Arrays.deepEquals(new byte[][] {bytes("ab"), bytes("cd"), null}, fieldsOf(record)), "the old record is unchanged");
    assertEquals(4, record.with(h, new byte[3][]).capacity(), "no change keeps the capacity");
    assertThrows(IllegalArgumentException.class, () -> record.with(h, new byte[2][]));
  }

  @Test
  void aDamagedMapWordOrLengthIsReportedAsCorruption() {
    Heap h = heap.heap();
    PByteRecord record = PByteRecord.of(h, 8, bytes("a"), bytes("b"));
    h.roots().put("r", record);
    long mapWord = record.handle().getLong(0);
    // Fields 0 and 1 in one slot.
    record.handle().putLong(0, 0x00L);
    HeapCorruptedException shared = assertThrows(HeapCorruptedException.class, () -> record.get(0));
    assertTrue(shared.getMessage().contains("map word"), shared.getMessage());
    assertThrows(HeapCorruptedException.class, record::snapshot);
    // A slot past the record's three.
    record.handle().putLong(0, 0x13L);
    assertThrows(HeapCorruptedException.class, () -> record.get(1));
    // A bit past the fields.
    record.handle().putLong(0, mapWord | 1L << 40);
    assertThrows(HeapCorruptedException.class, () -> record.get(1));
    record.handle().putLong(0, mapWord);
    assertArrayEquals(bytes("b"), record.get(1));

    long slots = PByteRecord.PCLASS.layout().tail().orElseThrow().offset();
    record.handle().putInt(slots, 9);
    HeapCorruptedException length = assertThrows(HeapCorruptedException.class, () -> record.get(0));
    assertTrue(length.getMessage().contains("claims 9 bytes"), length.getMessage());
    record.handle().putInt(slots, -2);
    assertThrows(HeapCorruptedException.class, () -> record.snapshot().length(0));
  }

  @Test
  void aRecordWhoseShapeDoesNotFitItsObjectIsRefusedWhenOpened() {
    Heap h = heap.heap();
    PByteRecord record = PByteRecord.of(h, 8, bytes("a"), bytes("b"));
    h.roots().put("r", record);
    long capacity = PByteRecord.PCLASS.layout().field("capacity").orElseThrow().offset();
    record.handle().putInt(capacity, 1 << 20);
    record.handle().pwb();
    h.psync();
    Heap reopened = heap.reopen();
    HeapCorruptedException e = assertThrows(HeapCorruptedException.class, () -> reopened.roots().get("r"));
    assertTrue(e.getMessage().contains("fields of 1048576 bytes"), e.getMessage());
  }

  @Test
  void aSetInAMapKeepsTheMapsValueProxy() {
    Heap h = heap.heap();
    PMap<PString, PByteRecord> map = MapKind.CONCURRENT_HASH.createRooted(h, Policy.CACHED, "m");
    map.put(PString.of(h, "k"), PByteRecord.of(h, 8, bytes("old")));
    PByteRecord first = map.get(PString.probe("k"));
    map.computeIfPresent(PString.probe("k"), (k, r) -> {
      r.set(0, bytes("new"));
      return r;
    });
    assertSame(first, map.get(PString.probe("k")), "an in-place change leaves the map's value as it was");
    h.psync();
    h = heap.reopen();
    PMap<PString, PByteRecord> reopened = h.roots().get("m", PMap.class);
    assertArrayEquals(bytes("new"), reopened.get(PString.probe("k")).get(0));
  }
}
