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
