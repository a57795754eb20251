package org.jnvm.layout;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jnvm.errors.Errors;

/**
 * What a persistent class looks like in the heap: named fields at fixed offsets and, for arrays,
 * a tail of elements whose count is held in one of the fields.
 *
 * <p>A layout has a canonical text form, its descriptor, such as {@code "ref owner@0;long
 * balance@8"} or {@code "long length@0;tail ref@8*length"}. The heap's class registry stores the
 * descriptor, which is how recovery finds the references of an object without its class, and how
 * a changed class is reported field by field. The fingerprint is a hash of the descriptor.
 *
 * <p>A field may also be an inline array: a fixed number of primitives stored in the object itself,
 * such as {@code "byte[104] value@8"}. Such a field is 8-aligned, and one of at most {@link
 * #ARRAY_SPAN} bytes is placed within one span of that many bytes, so that with the default blocks
 * or larger it lies in one block; a larger one spans blocks. The other fields are natural-aligned,
 * so with blocks of at least 64 bytes none of them ever spans two blocks. Inline arrays hold
 * primitives only, so recovery finds every reference in the plain reference fields and the tail.
 */
public final class Layout {
  /**
   * The span an inline array that fits in it is kept within: the default block size. Block sizes
   * are powers of two, so such an array lies in one block of any heap whose blocks are at least
   * this large. A constant of its own, not {@code HeapConfig.DEFAULT_BLOCK_SIZE}: it decides the
   * offsets of persistent classes, which a change of the default must not move (a test keeps the
   * two in step). A failure-atomic write of a field takes an in-flight copy of each block the field
   * touches, so a field that crosses a block costs two copies.
   */
  public static final int ARRAY_SPAN = 256;

  private final List<Field> fields;
  private final Tail tail;
  private final long size;
  private final long[] refOffsets;
  private final String descriptor;
  private final long fingerprint;

  /**
   * One persistent field: a single {@code kind}, or an inline array of {@code count} of them.
   *
   * @param count 1 for a plain field, at least 2 for an inline array
   */
  public record Field(String name, FieldKind kind, long offset, int count) {
    public Field(String name, FieldKind kind, long offset) {
      this(name, kind, offset, 1);
    }

    /** Bytes the field takes in the object. */
    public long size() {
      return (long) kind.size() * count;
    }

    public boolean isArray() {
      return count != 1;
    }

    /** The alignment of its offset: natural for a plain field, 8 for an inline array. */
    int alignment() {
      return isArray() ? 8 : kind.size();
    }

    String describe() {
      return kind.token() + (isArray() ? "[" + count + "]" : "") + " " + name + "@" + offset;
    }
  }

  /** Trailing elements of an array; their count is the value of {@code lengthField}. */
  public record Tail(FieldKind kind, long offset, String lengthField) {}

  /**
   * No fixed part is larger: it bounds what a descriptor read from an untrusted file can make the
   * validation allocate.
   */
  public static final long MAX_SIZE = 1L << 24;

  private Layout(List<Field> fields, Tail tail) {
    List<Field> sorted = new ArrayList<>(fields);
    sorted.sort((a, b) -> Long.compare(a.offset(), b.offset()));
    this.fields = Collections.unmodifiableList(sorted);
    this.tail = tail;
    long end = 0;
    for (Field f : sorted) {
      end = Math.max(end, f.offset() + f.size());
    }
    this.size = tail != null ? tail.offset() : (end + 7) & -8L;
    this.refOffsets = sorted.stream().filter(f -> f.kind() == FieldKind.REF).mapToLong(Field::offset).toArray();
    StringBuilder text = new StringBuilder();
    for (Field f : sorted) {
      text.append(text.length() == 0 ? "" : ";").append(f.describe());
    }
    if (tail != null) {
      text.append(text.length() == 0 ? "" : ";").append("tail ").append(describe(tail));
    }
    this.descriptor = text.toString();
    this.fingerprint = fnv1a(descriptor);
  }

  public static Builder builder() {
    return new Builder(null);
  }

  /** A layout that starts with every field of {@code parent}, at the same offsets. */
  public static Builder extending(Layout parent) {
    return new Builder(parent);
  }

  public List<Field> fields() {
    return fields;
  }

  public Optional<Field> field(String name) {
    return fields.stream().filter(f -> f.name().equals(name)).findFirst();
  }

  public Optional<Tail> tail() {
    return Optional.ofNullable(tail);
  }

  /** Payload bytes of the fixed part; for an array, the offset of its first element. */
  public long size() {
    return size;
  }

  /** Payload bytes of an instance with {@code elements} trailing elements. */
  public long sizeWith(long elements) {
    return tail == null ? size : size + elements * tail.kind().size();
  }

  /** Offsets of the fixed reference fields, ascending. Recovery follows these. */
  public long[] refOffsets() {
    return refOffsets.clone();
  }

  public int refCount() {
    return refOffsets.length;
  }

  public long refOffset(int i) {
    return refOffsets[i];
  }

  public String descriptor() {
    return descriptor;
  }

  public long fingerprint() {
    return fingerprint;
  }

  /**
   * How this layout differs from {@code other}, field by field, in words that name this layout's
   * side {@code mine} and the other's {@code theirs} (such as "the code" and "the heap").
   */
  public List<String> differencesFrom(Layout other, String mine, String theirs) {
    Map<String, Field> ours = byName(fields);
    Map<String, Field> others = byName(other.fields);
    List<String> out = new ArrayList<>();
    for (Field f : ours.values()) {
      Field o = others.get(f.name());
      if (o == null) {
        out.add("'" + f.name() + "' (" + f.describe() + ") is in " + mine + " but not in " + theirs);
      } else if (!o.equals(f)) {
        out.add("'" + f.name() + "' is " + f.describe() + " in " + mine + " but " + o.describe() + " in " + theirs);
      }
    }
    for (Field o : others.values()) {
      if (!ours.containsKey(o.name())) {
        out.add("'" + o.name() + "' (" + o.describe() + ") is in " + theirs + " but not in " + mine);
      }
    }
    if (!Objects.equals(tail, other.tail)) {
      out.add("the array tail is " + describe(tail) + " in " + mine + " but " + describe(other.tail) + " in " + theirs);
    }
    return out;
  }

  /** A tail as the descriptor writes it after "tail ", or "none". */
  private static String describe(Tail t) {
    return t == null ? "none" : t.kind().token() + "@" + t.offset() + "*" + t.lengthField();
  }

  /**
   * Parses a descriptor read from a heap file. The text is untrusted: anything that is not a
   * well-formed, non-overlapping, aligned layout is rejected with a message.
   */
  public static Layout parse(String descriptor) {
    List<Field> fields = new ArrayList<>();
    Tail tail = null;
    if (!descriptor.isEmpty()) {
      for (String part : descriptor.split(";", -1)) {
        if (tail != null) {
          throw Errors.tailNotLast(part);
        }
        if (part.startsWith("tail ")) {
          tail = parseTail(part.substring(5));
        } else {
          fields.add(parseField(part));
        }
      }
    }
    Layout layout = validated(fields, tail);
    if (!layout.descriptor.equals(descriptor)) {
      throw Errors.descriptorNotCanonical(descriptor);
    }
    return layout;
  }

  private static Field parseField(String part) {
    int space = part.indexOf(' ');
    int at = part.lastIndexOf('@');
    if (space < 0 || at < space) {
      throw Errors.malformedField(part);
    }
    String type = part.substring(0, space);
    int count = 1;
    int bracket = type.indexOf('[');
    if (bracket >= 0) {
      if (!type.endsWith("]")) {
        throw Errors.malformedInlineArray(part);
      }
      count = (int) parseOffset(type.substring(bracket + 1, type.length() - 1));
      type = type.substring(0, bracket);
    }
    FieldKind kind = FieldKind.fromToken(type);
    if (kind == null) {
      throw Errors.unknownFieldKind(part);
    }
    return new Field(part.substring(space + 1, at), kind, parseOffset(part.substring(at + 1)), count);
  }

  private static Tail parseTail(String part) {
    int at = part.indexOf('@');
    int star = part.indexOf('*');
    if (at < 0 || star < at) {
      throw Errors.malformedTail(part);
    }
    FieldKind kind = FieldKind.fromToken(part.substring(0, at));
    if (kind == null) {
      throw Errors.unknownElementKind(part);
    }
    return new Tail(kind, parseOffset(part.substring(at + 1, star)), part.substring(star + 1));
  }

  private static long parseOffset(String text) {
    if (text.isEmpty() || text.length() > 9 || !text.chars().allMatch(Character::isDigit)) {
      throw Errors.badOffset(text);
    }
    return Long.parseLong(text);
  }

  private static Layout validated(List<Field> fields, Tail tail) {
    BitSet used = new BitSet();
    Map<String, Field> names = new LinkedHashMap<>();
    for (Field f : fields) {
      if (!isIdentifier(f.name())) {
        throw Errors.notAnIdentifier(f.name());
      }
      if (names.put(f.name(), f) != null) {
        throw Errors.fieldTwice(f.name());
      }
      if (f.isArray() && (f.count() < 2 || f.kind() == FieldKind.REF)) {
        throw Errors.inlineArrayTooSmall(f.name(), f.count(), f.kind().token());
      }
      int alignment = f.alignment();
      if (f.offset() < 0 || f.offset() % alignment != 0) {
        throw Errors.fieldMisaligned(f.name(), f.offset(), alignment);
      }
      if (f.offset() + f.size() > MAX_SIZE) {
        throw Errors.fieldPastEnd(f.name(), MAX_SIZE);
      }
      int from = Math.toIntExact(f.offset());
      int size = Math.toIntExact(f.size());
      if (used.get(from, from + size).cardinality() != 0) {
        throw Errors.fieldsOverlap(f.name());
      }
      used.set(from, from + size);
    }
    if (tail != null) {
      Field length = names.get(tail.lengthField());
      if (length == null || (length.kind() != FieldKind.INT && length.kind() != FieldKind.LONG)) {
        throw Errors.badArrayLengthField(tail.lengthField());
      }
      if (tail.offset() % 8 != 0 || tail.offset() < used.length()) {
        throw Errors.badTailOffset(tail.offset());
      }
    }
    return new Layout(fields, tail);
  }

  private static boolean isIdentifier(String name) {
    if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))) {
      return false;
    }
    return name.chars().allMatch(Character::isJavaIdentifierPart);
  }

  private static Map<String, Field> byName(List<Field> fields) {
    Map<String, Field> map = new LinkedHashMap<>();
    for (Field f : fields) {
      map.put(f.name(), f);
    }
    return map;
  }

  private static long fnv1a(String text) {
    long h = 0xcbf2_9ce4_8422_2325L;
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100_0000_01b3L;
    }
    return h;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Layout other && other.descriptor.equals(descriptor);
  }

  @Override
  public int hashCode() {
    return descriptor.hashCode();
  }

  @Override
  public String toString() {
    return descriptor;
  }

  /**
   * Assigns offsets in declaration order, each field at the lowest free offset aligned for it
   * (naturally, or to 8 for an inline array, which is also kept within one {@link #ARRAY_SPAN} if it
   * fits in one). Small fields fill the padding that larger ones leave, so an object takes as few
   * bytes, and so as few blocks, as its fields allow, and adding a field at the end of a class never
   * moves the fields before it.
   */
  public static final class Builder {
    private final List<Field> fields = new ArrayList<>();
    private final BitSet used = new BitSet();
    private Tail tail;

    private Builder(Layout parent) {
      if (parent != null) {
        if (parent.tail != null) {
          throw Errors.extendsArrayLayout();
        }
        for (Field f : parent.fields) {
          add(f);
        }
      }
    }

    public Builder field(String name, FieldKind kind) {
      return place(new Field(name, kind, 0));
    }

    /**
     * An inline array of {@code count} primitives, at the lowest free 8-aligned offset with room
     * for all of them.
     */
    public Builder array(String name, FieldKind kind, int count) {
      if (count < 2 || kind == FieldKind.REF) {
        throw Errors.inlineArrayTooSmall(count, kind);
      }
      return place(new Field(name, kind, 0, count));
    }

    /**
     * Places {@code f}, whose offset is ignored, at the lowest free offset aligned for it, and, for
     * an inline array that fits in {@link #ARRAY_SPAN} bytes, within one such span.
     */
    private Builder place(Field f) {
      int size = Math.toIntExact(f.size());
      int step = f.alignment();
      boolean keepInSpan = f.isArray() && size <= ARRAY_SPAN;
      int at = 0;
      while (used.get(at, at + size).cardinality() != 0 || keepInSpan && at / ARRAY_SPAN != (at + size - 1) / ARRAY_SPAN) {
        at += step;
      }
      add(new Field(f.name(), f.kind(), at, f.count()));
      return this;
    }

    /** Trailing elements after every field; their count is the int or long field {@code lengthField}. */
    public Builder tail(FieldKind kind, String lengthField) {
      tail = new Tail(kind, (used.length() + 7) & -8L, lengthField);
      return this;
    }

    private void add(Field f) {
      fields.add(f);
      used.set((int) f.offset(), (int) (f.offset() + f.size()));
    }

    public Layout build() {
      return validated(fields, tail);
    }
  }
}
