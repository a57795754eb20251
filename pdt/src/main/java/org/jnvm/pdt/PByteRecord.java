package org.jnvm.pdt;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;
import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/**
 * A persistent record of a fixed number of fields, each a byte string of at most a fixed capacity
 * or absent (null), in which {@link #set} replaces one field failure-atomically without a log. The
 * record has one slot more than it has fields, and a word that says which slot holds which field:
 * a new value is written to the spare slot, written back and fenced, and then the word, one 8-byte
 * store, switches the field to that slot. A crash leaves the word either old or new, and the slot
 * it names whole. A change thus writes back the new value and one word, where a copy-on-write of
 * an immutable record writes the whole record and frees the old one.
 *
 * <p>A change that does not fit, a longer value or several fields at once, makes a new record
 * instead ({@link #with}), to be swapped in with an atomic reference update.
 *
 * <p>Not thread-safe: changes of one record must not overlap, and a read that overlaps a change
 * may see a value of the slot the change is rewriting. A reader that may overlap a writer runs as
 * a sequence lock's reader does and reads again if a change began; such a torn read throws at
 * worst, as every read checks what it finds.
 */
public final class PByteRecord implements PObject {
  /** The map word holds a slot index of {@link #SLOT_BITS} bits per field. */
  private static final int SLOT_BITS = 4;
  private static final long SLOT_MASK = (1L << SLOT_BITS) - 1;
  /** The most fields a record has: with the spare, every slot index fits in {@link #SLOT_BITS} bits. */
  public static final int MAX_FIELDS = (1 << SLOT_BITS) - 1;
  /** The longest array every JVM allocates: some refuse {@code Integer.MAX_VALUE} itself. */
  private static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;
  /** A slot's length word for a field without a value, as opposed to an empty one. */
  private static final int ABSENT = -1;

  private static final Layout LAYOUT = Layout.builder()
      .field("map", FieldKind.LONG)
      .field("fields", FieldKind.INT)
      .field("capacity", FieldKind.INT)
      .field("length", FieldKind.LONG)
      .tail(FieldKind.BYTE, "length")
      .build();
  public static final PClass<PByteRecord> PCLASS = PClass.of(PByteRecord.class, LAYOUT, PByteRecord::new);
  private static final long MAP = LAYOUT.field("map").orElseThrow().offset();
  private static final long FIELDS = LAYOUT.field("fields").orElseThrow().offset();
  private static final long CAPACITY = LAYOUT.field("capacity").orElseThrow().offset();
  private static final long LENGTH = LAYOUT.field("length").orElseThrow().offset();
  private static final long SLOTS = LAYOUT.tail().orElseThrow().offset();

  /** A snapshot reads its words in the order the heap's stores wrote them: the machine's. */
  private static final VarHandle INT_VIEW = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
  private static final VarHandle LONG_VIEW = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

  private final Handle handle;
  /** Read once: a record's shape never changes. */
  private final int fields;
  private final int capacity;

  /** Attaches to an existing record, after checking that its shape fits its object. */
  private PByteRecord(Handle handle) {
    this.handle = handle;
    int storedFields = handle.getInt(FIELDS);
    int storedCapacity = handle.getInt(CAPACITY);
    long storedLength = handle.getLong(LENGTH);
    if (storedFields < 1 || storedFields > MAX_FIELDS || storedCapacity < 0 || !copiesOut(storedFields, storedCapacity)
        || storedLength != slotsLength(storedFields, storedCapacity) || SLOTS + storedLength > handle.capacity()) {
      throw Errors.corrupt(handle.heap().path(), "the record at offset " + handle.offset() + " claims " + storedFields
          + " fields of " + storedCapacity + " bytes in " + storedLength + " bytes of slots");
    }
    this.fields = storedFields;
    this.capacity = storedCapacity;
  }

  private PByteRecord(Handle handle, int fields, int capacity) {
    this.handle = handle;
    this.fields = fields;
    this.capacity = capacity;
  }

  /**
   * A new record of {@code values.length} fields, field {@code i} holding a copy of {@code
   * values[i]} (null for none), each of at most {@code capacity} bytes; written back, not yet
   * valid.
   */
  public static PByteRecord of(Heap heap, int capacity, byte[]... values) {
    Objects.requireNonNull(values, "values");
    if (values.length < 1 || values.length > MAX_FIELDS) {
      throw new IllegalArgumentException("a record has 1 to " + MAX_FIELDS + " fields, not " + values.length);
    }
    if (capacity < 0 || !copiesOut(values.length, capacity)) {
      throw new IllegalArgumentException("a record of " + values.length + " fields cannot have a capacity of " + capacity
          + " bytes: its snapshot must fit in one array");
    }
    for (int i = 0; i < values.length; i++) {
      checkFits(i, values[i], capacity);
    }
    long length = slotsLength(values.length, capacity);
    PByteRecord made = new PByteRecord(heap.allocate(PCLASS, length), values.length, capacity);
    Handle h = made.handle;
    h.putInt(FIELDS, values.length);
    h.putInt(CAPACITY, capacity);
    h.putLong(LENGTH, length);
    long map = 0;
    for (int i = 0; i < values.length; i++) {
      made.writeSlot(i, values[i]);
      map |= (long) i << (SLOT_BITS * i);
    }
    made.writeSlot(values.length, null);
    h.putLong(MAP, map);
    made.pwb();
    return made;
  }

  /**
   * True if a record of this shape can be copied out into one array by {@link #snapshot}: a heap
   * may hold a larger one, but a record that claims it is refused rather than failing at its first
   * read.
   */
  private static boolean copiesOut(int fields, int capacity) {
    return SLOTS - MAP + slotsLength(fields, capacity) <= MAX_ARRAY_LENGTH;
  }

  /** The bytes of the slots of a record of {@code fields} fields of {@code capacity} bytes. */
  private static long slotsLength(int fields, int capacity) {
    return (fields + 1L) * slotSize(capacity);
  }

  private static long slotSize(int capacity) {
    return Integer.BYTES + (long) capacity;
  }

  private static void checkFits(int field, byte[] value, int capacity) {
    if (value != null && value.length > capacity) {
      throw new IllegalArgumentException("field " + field + "'s value of " + value.length + " bytes exceeds the record's capacity of "
          + capacity + ": make a record with room for it with with()");
    }
  }

  @Override
  public Handle handle() {
    return handle;
  }

  public int fields() {
    return fields;
  }

  /** The most bytes a field's value may have. */
  public int capacity() {
    return capacity;
  }

  /** True if {@code value} may be {@link #set} in this record: null, or at most {@link #capacity} bytes. */
  public boolean fits(byte[] value) {
    return value == null || value.length <= capacity;
  }

  /** A copy of field {@code field}'s value, or null if it has none. */
  public byte[] get(int field) {
    Objects.checkIndex(field, fields);
    long at = slotOffset(slotOf(checkedMap(handle.getLong(MAP)), field));
    int length = checkedLength(handle.getInt(at), field);
    if (length == ABSENT) {
      return null;
    }
    byte[] value = new byte[length];
    handle.getBytes(at + Integer.BYTES, value, 0, length);
    return value;
  }

  /**
   * Every field at once, with one copy of the record out of the heap: a record's blocks are
   * adjacent, and one large copy costs less than a copy per field.
   */
  public Snapshot snapshot() {
    byte[] bytes = new byte[(int) (SLOTS - MAP + slotsLength(fields, capacity))];
    handle.getBytes(MAP, bytes, 0, bytes.length);
    return new Snapshot(bytes);
  }

  /**
   * Replaces field {@code field}'s value with a copy of {@code value} (null for none),
   * failure-atomically: after a crash the field holds the old value or the new one, whole. The
   * change is ordered when this returns and durable at the thread's next fence ({@link
   * Heap#psync}). Throws if the value does not {@link #fits fit}; nothing changes then.
   */
  public void set(int field, byte[] value) {
    Objects.checkIndex(field, fields);
    checkFits(field, value, capacity);
    long map = handle.getLong(MAP);
    int spare = Integer.numberOfTrailingZeros(~usedSlots(map));
    long at = writeSlot(spare, value);
    handle.pwb(at, Integer.BYTES + (value == null ? 0 : value.length));
    // The word must not reach memory before the slot it names: fence between them.
    handle.heap().pfence();
    int shift = SLOT_BITS * field;
    handle.putLong(MAP, map & ~(SLOT_MASK << shift) | (long) spare << shift);
    handle.pwb(MAP, Long.BYTES);
  }

  /**
   * A new record, written back and not yet valid, holding this one's fields with those {@code
   * changed} has a value for replaced: {@code changed[i]} is field {@code i}'s new value, or null
   * to keep it. Its capacity is this one's, or the longest new value's if that is more. The
   * copy-on-write for a change {@link #set} cannot make.
   */
  public PByteRecord with(Heap heap, byte[][] changed) {
    if (changed.length != fields) {
      throw new IllegalArgumentException("a record of " + fields + " fields was given " + changed.length + " changes");
    }
    Snapshot now = snapshot();
    byte[][] values = new byte[fields][];
    int room = capacity;
    for (int i = 0; i < fields; i++) {
      values[i] = changed[i] != null ? changed[i] : now.get(i);
      if (changed[i] != null) {
        room = Math.max(room, changed[i].length);
      }
    }
    return of(heap, room, values);
  }

  /** Writes {@code value} into slot {@code slot}, not written back; returns the slot's offset. */
  private long writeSlot(int slot, byte[] value) {
    long at = slotOffset(slot);
    handle.putInt(at, value == null ? ABSENT : value.length);
    if (value != null) {
      handle.putBytes(at + Integer.BYTES, value, 0, value.length);
    }
    return at;
  }

  private long slotOffset(int slot) {
    return SLOTS + slot * slotSize(capacity);
  }

  private static int slotOf(long map, int field) {
    return (int) (map >>> (SLOT_BITS * field) & SLOT_MASK);
  }

  /** {@code map}, after checking it with {@link #usedSlots}. */
  private long checkedMap(long map) {
    usedSlots(map);
    return map;
  }

  /**
   * The slots the map word {@code map} gives a field, one bit each, after checking that it gives
   * each field its own slot of the record's and sets no other bit.
   */
  private int usedSlots(long map) {
    int used = 0;
    for (int i = 0; i < fields; i++) {
      int slot = slotOf(map, i);
      if (slot > fields || (used & 1 << slot) != 0) {
        throw corrupt("its map word " + Long.toHexString(map) + " gives field " + i + " slot " + slot);
      }
      used |= 1 << slot;
    }
    if (map >>> (SLOT_BITS * fields) != 0) {
      throw corrupt("its map word " + Long.toHexString(map) + " has bits set past its " + fields + " fields");
    }
    return used;
  }

  private int checkedLength(int length, int field) {
    if (length < ABSENT || length > capacity) {
      throw corrupt("field " + field + " claims " + length + " bytes, its capacity is " + capacity);
    }
    return length;
  }

  private RuntimeException corrupt(String detail) {
    return Errors.corrupt(handle.heap().path(), "the record at offset " + handle.offset() + " is damaged: " + detail);
  }

  @Override
  public String toString() {
    return "PByteRecord(" + fields + " fields of up to " + capacity + " bytes)";
  }

  /**
   * A record's fields copied out of the heap at once. Its values are slices of one array, which it
   * never changes: {@link #array} with {@link #offset} and {@link #length} give one without a copy.
   */
  public final class Snapshot {
    private final byte[] bytes;
    private final long map;

    private Snapshot(byte[] bytes) {
      this.bytes = bytes;
      this.map = checkedMap((long) LONG_VIEW.get(bytes, 0));
    }

    /** The array every value is a slice of; not to be changed. */
    public byte[] array() {
      return bytes;
    }

    /** Where field {@code field}'s value starts in {@link #array}. */
    public int offset(int field) {
      return slotStart(field) + Integer.BYTES;
    }

    /** Field {@code field}'s length, or -1 if it has no value. */
    public int length(int field) {
      int at = slotStart(field);
      return checkedLength((int) INT_VIEW.get(bytes, at), field);
    }

    /** A copy of field {@code field}'s value, or null if it has none. */
    public byte[] get(int field) {
      int length = length(field);
      return length == ABSENT ? null : Arrays.copyOfRange(bytes, offset(field), offset(field) + length);
    }

    private int slotStart(int field) {
      Objects.checkIndex(field, fields);
      return (int) (slotOffset(slotOf(map, field)) - MAP);
    }
  }
}
