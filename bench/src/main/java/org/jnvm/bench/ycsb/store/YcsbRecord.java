package org.jnvm.bench.ycsb.store;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * A YCSB record (field name to value) and its byte form, the one codec the stores share.
 *
 * <p>The form is a field count, then each field as its name's length, its UTF-8 name, its value's
 * length and its value: {@code u16 count, (u16 nameLength, name, i32 valueLength, value)*}, big
 * endian. A reader takes the record's bytes in one copy, or none when the store's read returned
 * them in an array of their own, and hands YCSB slices of it.
 *
 * <p>A value may be a slice of an array that other values share ({@link Slice}): a store that
 * reads a whole record out of its storage in one copy hands its fields to YCSB without a second
 * copy per field. Such a store may also say where its values lie through {@link Values}, without
 * an object per value: a scan reads dozens of records, each of ten values.
 */
public final class YcsbRecord {
  private static final int COUNT_BYTES = Short.BYTES;
  private static final int NAME_LENGTH_BYTES = Short.BYTES;
  private static final int VALUE_LENGTH_BYTES = Integer.BYTES;
  private static final int MAX_FIELDS = 0xFFFF;

  /** {@code length} bytes of {@code array} from {@code offset}; never changed once in a record. */
  public record Slice(byte[] array, int offset, int length) {
    public Slice {
      Objects.checkFromIndexSize(offset, length, array.length);
    }

    /** The whole of {@code value}. */
    public static Slice of(byte[] value) {
      return new Slice(value, 0, value.length);
    }

    /** The whole of {@code value}, or null for a null value (a slot without one). */
    public static Slice ofNullable(byte[] value) {
      return value == null ? null : of(value);
    }

    private Slice(Values values, int i) {
      this(values.array(i), values.offset(i), values.length(i));
    }

    /** The bytes in an array: the array itself when the slice is all of it. */
    public byte[] toArray() {
      return offset == 0 && length == array.length ? array : Arrays.copyOfRange(array, offset, offset + length);
    }
  }

  /**
   * Where a record's values lie: value {@code i} is {@link #length} bytes of {@link #array} from
   * {@link #offset}, which the record checks before it hands them out. The values must not change
   * while the record is in use.
   */
  public interface Values {
    byte[] array(int i);

    int offset(int i);

    int length(int i);

    /** Value {@code i} as a slice, which {@link #with} and {@link #select} keep. */
    default Slice slice(int i) {
      return new Slice(this, i);
    }

    /**
     * Values each of a whole array, {@code arrays[i]} for value {@code i}; a null array has a
     * length of -1, for a reader that marks absent values so (see {@link #owning(String[], Values,
     * int)}, which takes present values only).
     */
    static Values whole(byte[][] arrays) {
      return new WholeArrays(arrays);
    }
  }

  private record WholeArrays(byte[][] arrays) implements Values {
    @Override
    public byte[] array(int i) {
      return arrays[i];
    }

    @Override
    public int offset(int i) {
      return 0;
    }

    @Override
    public int length(int i) {
      return arrays[i] == null ? -1 : arrays[i].length;
    }

    @Override
    public Slice slice(int i) {
      return Slice.of(arrays[i]);
    }
  }

  /** Values held as slices, as most records hold them. */
  private record Slices(Slice[] slices) implements Values {
    @Override
    public byte[] array(int i) {
      return slices[i].array();
    }

    @Override
    public int offset(int i) {
      return slices[i].offset();
    }

    @Override
    public int length(int i) {
      return slices[i].length();
    }

    @Override
    public Slice slice(int i) {
      return slices[i];
    }
  }

  /**
   * The fields in the order they were given or stored: names and values in parallel, the first
   * {@code count} of each, no name twice. Arrays rather than a map: a record is built for every
   * operation and read once or twice, by a walk over its ten fields, and a map of ten entries cost
   * more to build than the walks gained. Never changed after construction.
   */
  private final String[] names;
  private final Values values;
  private final int count;

  private YcsbRecord(String[] names, Slice[] values, int count) {
    this(names, new Slices(values), count);
  }

  private YcsbRecord(String[] names, Values values, int count) {
    if (count > MAX_FIELDS) {
      throw new IllegalArgumentException("a record holds at most " + MAX_FIELDS + " fields, not " + count);
    }
    this.names = names;
    this.values = values;
    this.count = count;
  }

  /** The record YCSB hands to insert or update; reads each value once, as YCSB's iterators allow. */
  public static YcsbRecord of(Map<String, ByteIterator> given) {
    String[] names = new String[given.size()];
    Slice[] values = new Slice[names.length];
    int[] at = {0};
    given.forEach((name, value) -> {
      names[at[0]] = name;
      values[at[0]++] = Slice.of(value.toArray());
    });
    return new YcsbRecord(names, values, at[0]);
  }

  /**
   * A record of the first {@code count} names and values that keeps the arrays themselves rather
   * than copies: for a reader that has just filled them, with no name twice, and must not use them
   * afterwards.
   */
  public static YcsbRecord owning(String[] names, Slice[] values, int count) {
    Objects.checkFromIndexSize(0, count, Math.min(names.length, values.length));
    return new YcsbRecord(names, values, count);
  }

  /**
   * A record of the first {@code count} names, which it never changes, and values, each present:
   * for a reader that copied a record out whole and must not use the copy afterwards. Builds no
   * object per value.
   */
  public static YcsbRecord owning(String[] names, Values values, int count) {
    Objects.checkFromIndexSize(0, count, names.length);
    return new YcsbRecord(names, values, count);
  }

  /** The fields of this record in {@code wanted}, or all of them if {@code wanted} is null. */
  public YcsbRecord select(Set<String> wanted) {
    if (wanted == null) {
      return this;
    }
    String[] selectedNames = new String[count];
    Slice[] selectedValues = new Slice[count];
    int n = 0;
    for (int i = 0; i < count; i++) {
      if (wanted.contains(names[i])) {
        selectedNames[n] = names[i];
        selectedValues[n++] = values.slice(i);
      }
    }
    return new YcsbRecord(selectedNames, selectedValues, n);
  }

  /**
   * The record encoded from {@code encoded}'s position to its limit, keeping only the fields in
   * {@code wanted}, or every field if {@code wanted} is null (YCSB's "all fields"). Leaves
   * {@code encoded}'s position where it was, and copies the record's bytes once, for a buffer
   * that is valid only for a while, such as one into a store's pages.
   */
  public static YcsbRecord decode(ByteBuffer encoded, Set<String> wanted) {
    byte[] copy = new byte[encoded.remaining()];
    encoded.duplicate().get(copy);
    return decodeOwning(copy, wanted);
  }

  /** Every field of {@code encoded} (what an update merges into). */
  public static YcsbRecord decodeAll(ByteBuffer encoded) {
    return decode(encoded, null);
  }

  /**
   * {@link #decode(ByteBuffer, Set)} of a whole array that the caller hands over, as a store's
   * read returns a new one: the values are slices of {@code encoded}, not copies, so the caller
   * must not change it afterwards. A name encoded twice keeps its last value.
   */
  public static YcsbRecord decodeOwning(byte[] encoded, Set<String> wanted) {
    ByteBuffer in = ByteBuffer.wrap(encoded);
    int stored = Short.toUnsignedInt(in.getShort());
    String[] names = new String[stored];
    Slice[] values = new Slice[stored];
    int n = 0;
    for (int i = 0; i < stored; i++) {
      int nameLength = Short.toUnsignedInt(in.getShort());
      String fieldName = FieldNameCodec.decode(encoded, checkedSpan(in, nameLength), nameLength, i);
      int valueLength = in.getInt();
      int valueAt = checkedSpan(in, valueLength);
      if (wanted == null || wanted.contains(fieldName)) {
        n = put(names, values, n, fieldName, new Slice(encoded, valueAt, valueLength));
      }
    }
    return new YcsbRecord(names, values, n);
  }

  /** Where the next {@code length} bytes of {@code in} start, moving past them; throws if they are not all there. */
  private static int checkedSpan(ByteBuffer in, int length) {
    int at = in.position();
    if (length < 0 || length > in.remaining()) {
      throw new BufferUnderflowException();
    }
    in.position(at + length);
    return at;
  }

  /** This record with {@code changes}' fields set: YCSB's update of some fields. */
  public YcsbRecord with(YcsbRecord changes) {
    String[] mergedNames = Arrays.copyOf(names, count + changes.count);
    Slice[] mergedValues = new Slice[mergedNames.length];
    for (int i = 0; i < count; i++) {
      mergedValues[i] = values.slice(i);
    }
    int n = count;
    for (int i = 0; i < changes.count; i++) {
      n = put(mergedNames, mergedValues, n, changes.names[i], changes.values.slice(i));
    }
    return new YcsbRecord(mergedNames, mergedValues, n);
  }

  /** Sets {@code name} among the first {@code n} fields, or adds it after them; returns the new count. */
  private static int put(String[] names, Slice[] values, int n, String name, Slice value) {
    for (int i = 0; i < n; i++) {
      if (names[i].equals(name)) {
        values[i] = value;
        return n;
      }
    }
    names[n] = name;
    values[n] = value;
    return n + 1;
  }

  /** The bytes {@link #writeTo} writes. */
  public int encodedSize() {
    int size = COUNT_BYTES;
    for (int i = 0; i < count; i++) {
      size += NAME_LENGTH_BYTES + nameBytes(names[i]).length + VALUE_LENGTH_BYTES + values.length(i);
    }
    return size;
  }

  /** Writes the byte form at {@code target}'s position, which moves past it. */
  public void writeTo(ByteBuffer target) {
    target.putShort((short) count);
    for (int i = 0; i < count; i++) {
      byte[] name = nameBytes(names[i]);
      int length = values.length(i);
      target.putShort((short) name.length).put(name);
      target.putInt(length).put(values.array(i), values.offset(i), length);
    }
  }

  /** The byte form in an array of its own. */
  public byte[] toBytes() {
    ByteBuffer bytes = ByteBuffer.allocate(encodedSize());
    writeTo(bytes);
    return bytes.array();
  }

  /** Puts every field into a YCSB result map. */
  public void copyTo(Map<String, ByteIterator> result) {
    for (int i = 0; i < count; i++) {
      byte[] array = values.array(i);
      int offset = values.offset(i);
      int length = values.length(i);
      Objects.checkFromIndexSize(offset, length, array.length);
      result.put(names[i], new ByteArrayByteIterator(array, offset, length));
    }
  }

  /** How many fields the record holds. */
  public int size() {
    return count;
  }

  /**
   * Gives {@code action} each field in order, its value in an array: the record's own when the
   * value is a whole one, as in a record YCSB gave, which must not be changed; a copy of a slice
   * otherwise. Builds nothing else, for the paths that run once per update or insert.
   */
  public void forEachValue(BiConsumer<String, byte[]> action) {
    for (int i = 0; i < count; i++) {
      action.accept(names[i], values.slice(i).toArray());
    }
  }

  /** The fields, read only, each value in an array as {@link #forEachValue} gives it. */
  public Map<String, byte[]> fields() {
    Map<String, byte[]> arrays = new LinkedHashMap<>();
    forEachValue(arrays::put);
    return Collections.unmodifiableMap(arrays);
  }

  /** The size of the byte form of a record of {@code count} fields named like {@code sampleName}. */
  public static int encodedSize(int count, String sampleName, int valueLength) {
    return COUNT_BYTES + count * (NAME_LENGTH_BYTES + nameBytes(sampleName).length + VALUE_LENGTH_BYTES + valueLength);
  }

  private static byte[] nameBytes(String name) {
    return FieldNameCodec.encode(name);
  }
}
