package org.jnvm.bench.ycsb.jnvm;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.IntFunction;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.jnvm.pdt.PBytes;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's field names, {@code field0} to {@code field9} by default, and the slot of each in a
 * record that keeps one value per field (jnvm-pdt's array, jnvm-fa's class).
 */
final class FieldNames {
  /** How many values a record holds: YCSB's default field count. */
  static final int COUNT = 10;

  private final String prefix;

  private FieldNames(String prefix) {
    this.prefix = prefix;
  }

  static FieldNames of(Properties properties) {
    return new FieldNames(properties.getProperty(CoreWorkload.FIELD_NAME_PREFIX, CoreWorkload.FIELD_NAME_PREFIX_DEFAULT));
  }

  String name(int index) {
    return prefix + index;
  }

  int index(String field) {
    if (field.startsWith(prefix)) {
      try {
        int index = Integer.parseInt(field.substring(prefix.length()));
        if (index >= 0 && index < COUNT) {
          return index;
        }
      } catch (NumberFormatException e) {
        // not a field of ours: said below
      }
    }
    throw new IllegalArgumentException("records hold the fields " + prefix + "0 to " + prefix + (COUNT - 1) + ", not " + field);
  }

  /** The values a record holds, by slot, as a YCSB record with only {@code fields} (all if null). */
  YcsbRecord read(IntFunction<PBytes> values, Set<String> fields) {
    Map<String, byte[]> found = new LinkedHashMap<>();
    for (int i = 0; i < COUNT; i++) {
      String name = name(i);
      if (fields == null || fields.contains(name)) {
        PBytes value = values.apply(i);
        if (value != null) {
          found.put(name, value.toByteArray());
        }
      }
    }
    return YcsbRecord.ofFields(found);
  }

  /** {@code record}'s values by slot, null where it has none. */
  byte[][] slots(YcsbRecord record) {
    byte[][] values = new byte[COUNT][];
    record.fields().forEach((name, value) -> values[index(name)] = value);
    return values;
  }
}
