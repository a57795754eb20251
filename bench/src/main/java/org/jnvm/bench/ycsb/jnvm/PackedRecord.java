package org.jnvm.bench.ycsb.jnvm;

import java.nio.ByteBuffer;
import org.jnvm.bench.ycsb.store.YcsbRecord.Slice;
import org.jnvm.heap.Heap;
import org.jnvm.pdt.PBytes;

/**
 * A jnvm-pdt record's values in one byte sequence: for each of the {@link FieldNames#COUNT} slots,
 * its length (-1 if the slot has no value, big endian), then its bytes. A stored record is read
 * with one copy of its {@code PBytes}, not one per slot: the runtime copies adjacent blocks in one
 * go, and a small copy out of the heap costs more per byte than a large one.
 */
final class PackedRecord {
  /** The length {@link #pack} writes for a slot without a value. */
  private static final int ABSENT = -1;

  private final byte[] packed;
  /** Where each slot's length starts, then where the last slot ends. */
  private final int[] starts = new int[FieldNames.COUNT + 1];
  /** Bit {@code i} is set if slot {@code i} has no value (as opposed to an empty one). */
  private int absentSlots;

  /** Reads the slots' lengths; throws unless {@code packed} is {@link FieldNames#COUNT} slots exactly. */
  private PackedRecord(byte[] packed) {
    this.packed = packed;
    ByteBuffer in = ByteBuffer.wrap(packed);
    int length = packed.length;
    int at = 0;
    for (int i = 0; i < FieldNames.COUNT; i++) {
      if (length - at < Integer.BYTES) {
        throw new IllegalArgumentException("a packed record of " + length + " bytes ends before slot " + i);
      }
      starts[i] = at;
      int valueLength = in.getInt(at);
      at += Integer.BYTES;
      if (valueLength < ABSENT || valueLength > length - at) {
        throw new IllegalArgumentException("slot " + i + " of a packed record claims " + valueLength + " bytes");
      }
      if (valueLength == ABSENT) {
        absentSlots |= 1 << i;
      }
      at += Math.max(valueLength, 0);
    }
    if (at != length) {
      throw new IllegalArgumentException("a packed record of " + FieldNames.COUNT + " slots has " + (length - at) + " bytes more");
    }
    starts[FieldNames.COUNT] = at;
  }

  static PackedRecord of(byte[] packed) {
    return new PackedRecord(packed);
  }

  /** A copy of the record {@code stored} holds. */
  static PackedRecord of(PBytes stored) {
    return new PackedRecord(stored.toByteArray());
  }

  /**
   * A new record in {@code heap}, not yet published, of the values by slot {@code slots} has, null
   * where there is none: written straight into the heap, without packing it on the Java heap first.
   */
  static PBytes pack(Heap heap, byte[][] slots) {
    int size = 0;
    for (byte[] value : slots) {
      size += Integer.BYTES + (value == null ? 0 : value.length);
    }
    return PBytes.of(heap, size, out -> {
      for (byte[] value : slots) {
        out.putInt(value == null ? ABSENT : value.length);
        if (value != null) {
          out.put(value);
        }
      }
    });
  }

  /**
   * Slot {@code i}'s value, or null if it has none: a slice of this record's bytes, which the
   * record never changes, so that a read copies a record out of the heap once and no more.
   */
  Slice slot(int i) {
    if ((absentSlots & 1 << i) != 0) {
      return null;
    }
    return new Slice(packed, starts[i] + Integer.BYTES, starts[i + 1] - starts[i] - Integer.BYTES);
  }

  /**
   * A new record in {@code heap}, not yet published: this one with the slots {@code changed} has a
   * value for set to it, an update's copy on write. It is written straight into the heap from this
   * record's bytes and the changed values, without packing it on the Java heap first.
   */
  PBytes updated(Heap heap, byte[][] changed) {
    int size = 0;
    for (int i = 0; i < FieldNames.COUNT; i++) {
      size += changed[i] == null ? starts[i + 1] - starts[i] : Integer.BYTES + changed[i].length;
    }
    return PBytes.of(heap, size, out -> {
      // Unchanged slots next to each other are copied in one run: an update of one field is two.
      int unchangedFrom = 0;
      for (int i = 0; i < FieldNames.COUNT; i++) {
        if (changed[i] != null) {
          out.put(packed, starts[unchangedFrom], starts[i] - starts[unchangedFrom]);
          out.putInt(changed[i].length).put(changed[i]);
          unchangedFrom = i + 1;
        }
      }
      out.put(packed, starts[unchangedFrom], packed.length - starts[unchangedFrom]);
    });
  }
}
