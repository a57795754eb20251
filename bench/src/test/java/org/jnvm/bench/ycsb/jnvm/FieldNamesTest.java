package org.jnvm.bench.ycsb.jnvm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Properties;
import java.util.Set;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.junit.jupiter.api.Test;

class FieldNamesTest {
  private final FieldNames names = FieldNames.of(new Properties());

  @Test
  void packedSlotsUnpackToTheSameValuesAndAbsentSlotsStayAbsent() {
    byte[][] slots = new byte[FieldNames.COUNT][];
    for (int i = 0; i < slots.length; i++) {
      slots[i] = i == 3 ? null : bytes(i, 10 * i);
    }
    byte[][] back = FieldNames.unpack(FieldNames.pack(slots));
    for (int i = 0; i < slots.length; i++) {
      assertArrayEquals(slots[i], back[i], "slot " + i);
    }
    assertNull(back[3]);
  }

  @Test
  void unpackRefusesBytesBeyondTheLastSlot() {
    byte[] packed = FieldNames.pack(new byte[FieldNames.COUNT][]);
    assertThrows(IllegalArgumentException.class, () -> FieldNames.unpack(Arrays.copyOf(packed, packed.length + 4)));
  }

  @Test
  void anUpdateSetsOnlyTheFieldsItChangesAndAReadNamesThemInSlotOrder() {
    byte[][] slots = new byte[FieldNames.COUNT][];
    for (int i = 0; i < slots.length; i++) {
      slots[i] = i == 4 ? null : bytes(i, 4);
    }
    LinkedHashMap<String, byte[]> changes = new LinkedHashMap<>();
    changes.put("field7", bytes(70, 2));
    changes.put("field4", bytes(40, 6));
    byte[][] next = FieldNames.unpack(names.with(FieldNames.pack(slots), YcsbRecord.owning(changes)));
    for (int i = 0; i < slots.length; i++) {
      byte[] expected = i == 7 ? bytes(70, 2) : i == 4 ? bytes(40, 6) : slots[i];
      assertArrayEquals(expected, next[i], "slot " + i);
    }

    YcsbRecord read = names.read(i -> next[i], Set.of("field7", "field2"));
    assertEquals(List.of("field2", "field7"), List.copyOf(read.fields().keySet()));
    assertThrows(IllegalArgumentException.class, () -> names.index("field10"));
  }

  @Test
  void aSlotThatClaimsMoreBytesThanThereAreIsRefused() {
    byte[] packed = FieldNames.pack(new byte[FieldNames.COUNT][]);
    packed[3] = 9;
    assertThrows(IllegalArgumentException.class, () -> FieldNames.unpack(packed));
  }

  private static byte[] bytes(int seed, int length) {
    byte[] b = new byte[length];
    Arrays.fill(b, (byte) seed);
    return b;
  }
}
