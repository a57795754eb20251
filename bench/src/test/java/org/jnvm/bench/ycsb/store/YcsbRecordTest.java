package org.jnvm.bench.ycsb.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

class YcsbRecordTest {
  private static YcsbRecord record(String... namesAndValues) {
    Map<String, ByteIterator> values = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      values.put(namesAndValues[i], new StringByteIterator(namesAndValues[i + 1]));
    }
    return YcsbRecord.of(values);
  }

  private static Map<String, String> strings(YcsbRecord record) {
    Map<String, String> strings = new HashMap<>();
    record.fields().forEach((name, value) -> strings.put(name, new String(value, StandardCharsets.UTF_8)));
    return strings;
  }

  @Test
  void slicesOfOneArrayReadAsTheirOwnBytes() {
    byte[] shared = "xxonetwothreeyy".getBytes(StandardCharsets.UTF_8);
    YcsbRecord.Slice[] values = {new YcsbRecord.Slice(shared, 2, 3), new YcsbRecord.Slice(shared, 5, 3), new YcsbRecord.Slice(shared, 8, 5)};
    YcsbRecord sliced = YcsbRecord.owning(new String[] {"a", "b", "c"}, values, 3);

    Map<String, ByteIterator> result = new HashMap<>();
    sliced.copyTo(result);
    Map<String, String> handedToYcsb = new HashMap<>();
    result.forEach((name, value) -> handedToYcsb.put(name, value.toString()));
    Map<String, String> expected = Map.of("a", "one", "b", "two", "c", "three");
    assertEquals(expected, handedToYcsb);
    assertEquals(expected, strings(sliced));
    assertEquals(expected, strings(YcsbRecord.decodeAll(ByteBuffer.wrap(sliced.toBytes()))));
    assertEquals(expected.size() * (2 + 1 + 4) + 2 + 11, sliced.encodedSize());
    assertThrows(IndexOutOfBoundsException.class, () -> new YcsbRecord.Slice(shared, 10, 6), "a slice past the array's end");
  }

  /** Values laid out as a store that copies a record out whole lays them: {@code [length, bytes]*} in one array. */
  private record Packed(byte[] bytes, int[] starts) implements YcsbRecord.Values {
    static Packed of(String... values) {
      ByteBuffer out = ByteBuffer.allocate(64);
      int[] starts = new int[values.length];
      for (int i = 0; i < values.length; i++) {
        starts[i] = out.position();
        byte[] value = values[i].getBytes(StandardCharsets.UTF_8);
        out.putInt(value.length).put(value);
      }
      return new Packed(out.array(), starts);
    }

    @Override
    public byte[] array(int i) {
      return bytes;
    }

    @Override
    public int offset(int i) {
      return starts[i] + Integer.BYTES;
    }

    @Override
    public int length(int i) {
      return ByteBuffer.wrap(bytes).getInt(starts[i]);
    }
  }

  @Test
  void valuesLaidOutByTheStoreReadAsSlicesDo() {
    Packed packed = Packed.of("one", "", "three");
    YcsbRecord laidOut = YcsbRecord.owning(new String[] {"a", "b", "c"}, packed, 3);
    Map<String, String> expected = Map.of("a", "one", "b", "", "c", "three");

    Map<String, ByteIterator> result = new HashMap<>();
    laidOut.copyTo(result);
    Map<String, String> handedToYcsb = new HashMap<>();
    result.forEach((name, value) -> handedToYcsb.put(name, value.toString()));
    assertEquals(expected, handedToYcsb);
    assertEquals(expected, strings(laidOut));
    assertEquals(expected, strings(YcsbRecord.decodeAll(ByteBuffer.wrap(laidOut.toBytes()))));
    assertEquals(Map.of("c", "three"), strings(laidOut.select(Set.of("c"))));
    assertEquals(Map.of("a", "one", "b", "two", "c", "three"), strings(laidOut.with(record("b", "two"))));

    packed.bytes()[packed.offset(0)] = 'O';
    assertEquals("One", strings(laidOut).get("a"), "the record reads the store's array, not a copy");
  }

  @Test
  void wholeArraysAreTheValuesThemselvesAndANullOneIsAbsent() {
    byte[] one = "one".getBytes(StandardCharsets.UTF_8);
    YcsbRecord.Values whole = YcsbRecord.Values.whole(new byte[][] {one, null});

    assertEquals(3, whole.length(0));
    assertEquals(-1, whole.length(1), "absent");
    assertSame(one, whole.slice(0).toArray());
    Map<String, byte[]> given = new LinkedHashMap<>();
    YcsbRecord.owning(new String[] {"a"}, whole, 1).forEachValue(given::put);
    assertSame(one, given.get("a"), "handed on without a copy");
  }

  @Test
  void valuesThatClaimBytesPastTheirArrayAreRefused() {
    Packed packed = Packed.of("one", "two");
    ByteBuffer.wrap(packed.bytes()).putInt(packed.starts()[1], 100);
    YcsbRecord claiming = YcsbRecord.owning(new String[] {"a", "b"}, packed, 2);

    assertThrows(IndexOutOfBoundsException.class, () -> claiming.copyTo(new HashMap<>()));
    assertThrows(IndexOutOfBoundsException.class, () -> claiming.select(Set.of("b")));
    assertThrows(IndexOutOfBoundsException.class, () -> YcsbRecord.owning(new String[] {"a"}, packed, 2), "more values than names");
  }

  @Test
  void eachValueIsTheRecordsOwnArrayWhenWholeAndACopyOfItsBytesWhenASlice() {
    byte[] whole = "whole".getBytes(StandardCharsets.UTF_8);
    byte[] shared = "xxsliceyy".getBytes(StandardCharsets.UTF_8);
    YcsbRecord record = YcsbRecord.owning(new String[] {"w", "s", null}, new YcsbRecord.Slice[] {YcsbRecord.Slice.of(whole), new YcsbRecord.Slice(shared, 2, 5), null}, 2);

    Map<String, byte[]> given = new LinkedHashMap<>();
    record.forEachValue(given::put);
    assertEquals(List.of("w", "s"), List.copyOf(given.keySet()), "in the record's order");
    assertSame(whole, given.get("w"));
    assertArrayEquals("slice".getBytes(StandardCharsets.UTF_8), given.get("s"));
    assertEquals(2, record.size());
    assertNull(YcsbRecord.Slice.ofNullable(null));
    assertSame(whole, YcsbRecord.Slice.ofNullable(whole).toArray());
  }

  @Test
  void decodingTheEncodedFormGivesBackEveryField() {
    YcsbRecord written = record("field0", "zero", "field1", "", "fïeld2", "two, with a longer value");
    byte[] bytes = written.toBytes();

    assertEquals(written.encodedSize(), bytes.length);
    assertEquals(strings(written), strings(YcsbRecord.decodeAll(ByteBuffer.wrap(bytes))));
  }

  @Test
  void decodingSomeFieldsSkipsTheOthersAndIgnoresUnknownNames() {
    ByteBuffer bytes = ByteBuffer.wrap(record("a", "1", "b", "22", "c", "333").toBytes());

    assertEquals(Map.of("a", "1", "c", "333"), strings(YcsbRecord.decode(bytes, Set.of("a", "c", "missing"))));
    assertEquals(0, bytes.position(), "decoding leaves the buffer's position alone");
  }

  @Test
  void decodingAnArrayHandedOverSlicesItRatherThanCopying() {
    byte[] bytes = record("a", "1", "b", "22").toBytes();
    YcsbRecord decoded = YcsbRecord.decodeOwning(bytes, null);
    YcsbRecord copied = YcsbRecord.decode(ByteBuffer.wrap(bytes), null);

    bytes[bytes.length - 1] = '9';
    assertEquals(Map.of("a", "1", "b", "29"), strings(decoded), "the values are the array's own bytes");
    assertEquals(Map.of("a", "1", "b", "22"), strings(copied), "a buffer is copied once, when decoded");
  }

  @Test
  void aRecordThatClaimsMoreBytesThanItHasIsRefused() {
    byte[] bytes = record("a", "1", "b", "22").toBytes();
    byte[] cut = java.util.Arrays.copyOf(bytes, bytes.length - 1);
    assertThrows(java.nio.BufferUnderflowException.class, () -> YcsbRecord.decodeOwning(cut, null));
    ByteBuffer badName = ByteBuffer.allocate(8).putShort((short) 1).putShort((short) 200);
    assertThrows(java.nio.BufferUnderflowException.class, () -> YcsbRecord.decodeOwning(badName.array(), null));
  }

  @Test
  void fieldNamesAreDecodedOnceAndFoundAgain() {
    byte[] first = record("field0", "x", "field1", "y").toBytes();
    byte[] second = record("field1", "z", "field0", "w").toBytes();
    Map<String, byte[]> one = YcsbRecord.decodeOwning(first, null).fields();
    Map<String, byte[]> two = YcsbRecord.decodeOwning(second, null).fields();

    for (String name : List.of("field0", "field1")) {
      String a = one.keySet().stream().filter(name::equals).findFirst().orElseThrow();
      String b = two.keySet().stream().filter(name::equals).findFirst().orElseThrow();
      assertSame(a, b, name + " decoded from two records, in another position in the second");
    }
  }

  @Test
  void decodingStartsAtTheBuffersPosition() {
    byte[] record = record("a", "1").toBytes();
    ByteBuffer shifted = ByteBuffer.allocate(record.length + 3);
    shifted.position(3);
    shifted.put(record).position(3);

    assertEquals(Map.of("a", "1"), strings(YcsbRecord.decodeAll(shifted)));
  }

  @Test
  void anUpdateSetsItsFieldsInPlaceAndAddsTheNewOnesAfterTheRest() {
    YcsbRecord original = record("a", "1", "b", "2", "d", "4");
    YcsbRecord merged = original.with(record("b", "two", "c", "three"));

    assertEquals(Map.of("a", "1", "b", "two", "c", "three", "d", "4"), strings(merged));
    assertEquals(List.of("a", "b", "d", "c"), List.copyOf(merged.fields().keySet()));
    assertEquals(Map.of("a", "1", "b", "2", "d", "4"), strings(original), "the record updated is not changed");
  }

  @Test
  void aSelectionKeepsTheOrderOfTheRecord() {
    YcsbRecord selected = record("a", "1", "b", "2", "c", "3").select(Set.of("c", "a", "missing"));

    assertEquals(List.of("a", "c"), List.copyOf(selected.fields().keySet()));
    assertEquals(2, selected.size());
  }

  @Test
  void aNameEncodedTwiceKeepsItsLastValue() {
    ByteBuffer twice = ByteBuffer.allocate(64);
    twice.putShort((short) 2);
    for (String value : List.of("old", "new")) {
      twice.putShort((short) 1).put((byte) 'a').putInt(3).put(value.getBytes(StandardCharsets.UTF_8));
    }
    twice.flip();

    YcsbRecord decoded = YcsbRecord.decodeAll(twice);
    assertEquals(Map.of("a", "new"), strings(decoded));
    assertEquals(1, decoded.size());
  }

  @Test
  void theSizeOfATypicalRecordMatchesItsEncoding() {
    Map<String, ByteIterator> values = new LinkedHashMap<>();
    for (int i = 0; i < 10; i++) {
      values.put("field" + i, new StringByteIterator("x".repeat(100)));
    }
    YcsbRecord record = YcsbRecord.of(values);

    assertEquals(record.toBytes().length, YcsbRecord.encodedSize(10, "field9", 100));
  }

  @Test
  void writeToAndToBytesAgree() {
    YcsbRecord record = record("a", "1", "b", "22");
    ByteBuffer target = ByteBuffer.allocate(record.encodedSize());
    record.writeTo(target);

    assertEquals(target.capacity(), target.position());
    assertArrayEquals(record.toBytes(), target.array());
  }
}
