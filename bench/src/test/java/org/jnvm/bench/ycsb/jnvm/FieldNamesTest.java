package org.jnvm.bench.ycsb.jnvm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.jnvm.bench.ycsb.store.YcsbRecord.Slice;
import org.junit.jupiter.api.Test;

class FieldNamesTest {
  private final FieldNames names = FieldNames.of(new Properties());

  @Test
  void aReadNamesTheWantedSlotsInSlotOrderAndSkipsAbsentOnes() {
    byte[][] slots = new byte[FieldNames.COUNT][];
    slots[2] = bytes(2, 3);
    slots[7] = bytes(7, 5);
    YcsbRecord read = names.read(i -> Slice.ofNullable(slots[i]), Set.of("field7", "field2", "field4"));
    assertEquals(List.of("field2", "field7"), List.copyOf(read.fields().keySet()));
    assertArrayEquals(slots[7], read.fields().get("field7"));
    assertEquals(FieldNames.COUNT - 1, names.read(i -> i == 4 ? null : Slice.of(slots[2]), null).fields().size());
  }

  @Test
  void valuesHandedOverAreKeptAsTheyLieWhenEveryFieldIsReadAndSlicedOtherwise() {
    byte[] shared = new byte[FieldNames.COUNT * 4];
    for (int i = 0; i < shared.length; i++) {
      shared[i] = (byte) i;
    }
    int[] lengths = new int[FieldNames.COUNT];
    Arrays.fill(lengths, 3);
    YcsbRecord.Values values = new YcsbRecord.Values() {
      @Override
      public byte[] array(int i) {
        return shared;
      }

      @Override
      public int offset(int i) {
        return 4 * i;
      }

      @Override
      public int length(int i) {
        return lengths[i];
      }
    };

    YcsbRecord whole = names.read(values, null);
    assertEquals(FieldNames.COUNT, whole.size());
    assertArrayEquals(new byte[] {36, 37, 38}, whole.fields().get("field9"));
    shared[36] = 99;
    assertEquals(99, whole.fields().get("field9")[0], "kept as they lie: the record reads the caller's array");

    lengths[5] = -1;
    YcsbRecord withoutOne = names.read(values, null);
    assertEquals(FieldNames.COUNT - 1, withoutOne.size());
    assertNull(withoutOne.fields().get("field5"));
    assertEquals(Set.of("field1", "field6"), names.read(values, Set.of("field1", "field5", "field6")).fields().keySet());
  }

  @Test
  void wholeArraysWithAnAbsentOneReadAsTheSlicedPathReadsThem() {
    byte[][] slots = new byte[FieldNames.COUNT][];
    for (int i = 0; i < slots.length; i++) {
      slots[i] = i == 3 ? null : bytes(i, i + 1);
    }
    YcsbRecord whole = names.read(YcsbRecord.Values.whole(slots), null);
    YcsbRecord sliced = names.read(i -> Slice.ofNullable(slots[i]), null);

    assertEquals(List.copyOf(sliced.fields().keySet()), List.copyOf(whole.fields().keySet()));
    assertNull(whole.fields().get("field3"));
    assertArrayEquals(slots[9], whole.fields().get("field9"));
  }

  @Test
  void anUpdatesChangesLandInTheSlotsOfTheirFields() {
    YcsbRecord changes = YcsbRecord.owning(new String[] {"field7", "field4"}, new Slice[] {Slice.of(bytes(70, 2)), Slice.of(bytes(40, 6))}, 2);
    byte[][] slots = names.slots(changes);
    for (int i = 0; i < slots.length; i++) {
      assertArrayEquals(i == 7 ? bytes(70, 2) : i == 4 ? bytes(40, 6) : null, slots[i], "slot " + i);
    }
    assertThrows(IllegalArgumentException.class, () -> names.index("field10"));
  }

  private static byte[] bytes(int seed, int length) {
    byte[] b = new byte[length];
    Arrays.fill(b, (byte) seed);
    return b;
  }
}
