package org.jnvm.bench.ycsb.jnvm;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.IntFunction;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's field names, {@code field0} to {@code field9} by default, and the slot of each in a
 * record that keeps one value per field (jnvm-pdt's packed bytes, jnvm-fa's class). The names are
 * made once: a read hands out these strings rather than decoding names from each record.
 */
final class FieldNames {
  /** How many values a record holds: YCSB's default field count. */
  static final int COUNT = 10;

  /** The length {@link #pack} writes for a slot without a value. */
  private static final int ABSENT = -1;

  private final String prefix;
  private final String[] names = new String[COUNT];
  private final Map<String, Integer> indexes = new HashMap<>();

  private FieldNames(String prefix) {
    this.prefix = prefix;
    for (int i = 0; i < COUNT; i++) {
      names[i] = prefix + i;
      indexes.put(names[i], i);
    }
  }

  static FieldNames of(Properties properties) {
    return new FieldNames(properties.getProperty(CoreWorkload.FIELD_NAME_PREFIX, CoreWorkload.FIELD_NAME_PREFIX_DEFAULT));
  }

  int index(String field) {
    Integer index = indexes.get(field);
    if (index == null) {
      throw new IllegalArgumentException("records hold the fields " + prefix + "0 to " + prefix + (COUNT - 1) + ", not " + field);
    }
    return index;
  }

  /**
   * The values a record holds, by slot, as a YCSB record with only {@code fields} (all if null);
   * {@code values} is asked only for the slots wanted, and gives null where there is no value.
   */
  YcsbRecord read(IntFunction<byte[]> values, Set<String> fields) {
    LinkedHashMap<String, byte[]> found = new LinkedHashMap<>();
    for (int i = 0; i < COUNT; i++) {
      if (fields == null || fields.contains(names[i])) {
        byte[] value = values.apply(i);
        if (value != null) {
          found.put(names[i], value);
        }
      }
    }
    return YcsbRecord.owning(found);
  }

  /** {@code record}'s values by slot, null where it has none: a new record's, or an update's changes. */
  byte[][] slots(YcsbRecord record) {
    byte[][] values = new byte[COUNT][];
    record.fields().forEach((name, value) -> values[index(name)] = value);
    return values;
  }

  /**
   * {@code packed} with {@code changes}' fields set, packed again: an update's new record, made
   * by copying the unchanged slots' bytes as they are rather than unpacking them.
   */
  byte[] with(byte[] packed, YcsbRecord changes) {
    byte[][] changed = slots(changes);
    int[] starts = starts(packed);
    int size = 0;
    for (int i = 0; i < COUNT; i++) {
      size += changed[i] == null ? starts[i + 1] - starts[i] : Integer.BYTES + changed[i].length;
    }
    ByteBuffer out = ByteBuffer.allocate(size);
    for (int i = 0; i < COUNT; i++) {
      if (changed[i] == null) {
        out.put(packed, starts[i], starts[i + 1] - starts[i]);
      } else {
        out.putInt(changed[i].length).put(changed[i]);
      }
    }
    return out.array();
  }

  /** Values by slot in one array: for each slot, its length (-1 if none, big endian) then its bytes. */
  static byte[] pack(byte[][] slots) {
    int size = 0;
    for (byte[] value : slots) {
      size += Integer.BYTES + (value == null ? 0 : value.length);
    }
    ByteBuffer packed = ByteBuffer.allocate(size);
    for (byte[] value : slots) {
      packed.putInt(value == null ? ABSENT : value.length);
      if (value != null) {
        packed.put(value);
      }
    }
    return packed.array();
  }

  /** What {@link #pack} packed; throws if {@code packed} is not {@link #COUNT} slots. */
  static byte[][] unpack(byte[] packed) {
    int[] starts = starts(packed);
    ByteBuffer in = ByteBuffer.wrap(packed);
    byte[][] slots = new byte[COUNT][];
    for (int i = 0; i < COUNT; i++) {
      if (in.getInt(starts[i]) != ABSENT) {
        slots[i] = Arrays.copyOfRange(packed, starts[i] + Integer.BYTES, starts[i + 1]);
      }
    }
    return slots;
  }

  /**
   * Where each slot of {@code packed} starts, then where the last one ends; throws unless
   * {@code packed} is {@link #COUNT} slots exactly.
   */
  private static int[] starts(byte[] packed) {
    ByteBuffer in = ByteBuffer.wrap(packed);
    int[] starts = new int[COUNT + 1];
    for (int i = 0; i < COUNT; i++) {
      starts[i] = in.position();
      int length = in.getInt();
      if (length < ABSENT || length > in.remaining()) {
        throw new IllegalArgumentException("slot " + i + " of a packed record claims " + length + " bytes");
      }
      in.position(in.position() + Math.max(length, 0));
    }
    starts[COUNT] = in.position();
    if (in.hasRemaining()) {
      throw new IllegalArgumentException("a packed record of " + COUNT + " slots has " + in.remaining() + " bytes more");
    }
    return starts;
  }
}
