package org.jnvm.bench.ycsb.jnvm;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.IntFunction;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.jnvm.bench.ycsb.store.YcsbRecord.Slice;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's field names, {@code field0} to {@code field9} by default, and the slot of each in a
 * record that keeps one value per field (jnvm-pdt's {@code PByteRecord}, jnvm-fa's class), with
 * the workload's value length. The names are made once: a read hands out these strings rather
 * than decoding names from each record.
 */
final class FieldNames {
  /** How many values a record holds: YCSB's default field count. */
  static final int COUNT = 10;

  private final String prefix;
  private final int valueLength;
  private final String[] names = new String[COUNT];
  private final Map<String, Integer> indexes = new HashMap<>();

  private FieldNames(String prefix, int valueLength) {
    this.prefix = prefix;
    this.valueLength = valueLength;
    for (int i = 0; i < COUNT; i++) {
      names[i] = prefix + i;
      indexes.put(names[i], i);
    }
  }

  static FieldNames of(Properties properties) {
    String length = properties.getProperty(CoreWorkload.FIELD_LENGTH_PROPERTY, CoreWorkload.FIELD_LENGTH_PROPERTY_DEFAULT);
    return new FieldNames(properties.getProperty(CoreWorkload.FIELD_NAME_PREFIX, CoreWorkload.FIELD_NAME_PREFIX_DEFAULT), Integer.parseInt(length.trim()));
  }

  /** The workload's {@value CoreWorkload#FIELD_LENGTH_PROPERTY}: the length of the values it writes, at most. */
  int valueLength() {
    return valueLength;
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
  YcsbRecord read(IntFunction<Slice> values, Set<String> fields) {
    String[] foundNames = new String[COUNT];
    Slice[] found = new Slice[COUNT];
    int n = 0;
    for (int i = 0; i < COUNT; i++) {
      if (fields == null || fields.contains(names[i])) {
        Slice value = values.apply(i);
        if (value != null) {
          foundNames[n] = names[i];
          found[n++] = value;
        }
      }
    }
    return YcsbRecord.owning(foundNames, found, n);
  }

  /**
   * {@link #read(IntFunction, Set)} of values the caller copied out of a record and hands over,
   * slot {@code i}'s with a negative length if it has none. A record with every field, read whole,
   * as YCSB's scans and most of its reads ask, keeps them as they lie, with no object per value.
   */
  YcsbRecord read(YcsbRecord.Values values, Set<String> fields) {
    if (fields == null && allPresent(values)) {
      return YcsbRecord.owning(names, values, COUNT);
    }
    return read(i -> values.length(i) < 0 ? null : values.slice(i), fields);
  }

  private static boolean allPresent(YcsbRecord.Values values) {
    for (int i = 0; i < COUNT; i++) {
      if (values.length(i) < 0) {
        return false;
      }
    }
    return true;
  }

  /** {@code record}'s values by slot, null where it has none: a new record's, or an update's changes. */
  byte[][] slots(YcsbRecord record) {
    byte[][] values = new byte[COUNT][];
    record.forEachValue((name, value) -> values[index(name)] = value);
    return values;
  }
}
