package org.jnvm.pdt;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.jnvm.layout.PClass;

/**
 * An immutable persistent string. {@link #equals}, {@link #hashCode}, {@link #compareTo} and
 * {@link #toString} agree with {@link String} on the same characters, so a {@code PString} can key
 * hash and sorted maps.
 *
 * <p>A new string is written back but invalid: a root, an atomic update or a pdt collection
 * publishes it. Its characters are stored one byte each when they all fit in Latin-1, two bytes
 * each otherwise, after an 8-byte header. It is allocated with {@link Heap#allocateImmutable}: a
 * small string takes a slot of a pool block shared with other strings (the paper's section 4.4;
 * with the default 256-byte blocks, up to 56 Latin-1 characters take a 64-byte slot or less), a
 * larger one whole blocks.
 */
public final class PString implements PObject, Comparable<PString>, CharSequence, ImmutableValue {
  private static final Layout LAYOUT =
      Layout.builder().field("bytes", FieldKind.INT).field("coder", FieldKind.BYTE).tail(FieldKind.BYTE, "bytes").build();
  public static final PClass<PString> PCLASS = PClass.of(PString.class, LAYOUT, PString::new);
  private static final long BYTES = LAYOUT.field("bytes").orElseThrow().offset();
  private static final long CODER = LAYOUT.field("coder").orElseThrow().offset();
  private static final long CHARS = LAYOUT.tail().orElseThrow().offset();
  private static final byte LATIN1 = 0;
  private static final byte UTF16 = 1;

  private final Handle handle;
  /** The characters, decoded on first use; the persistent copy never changes. */
  private String value;
  /**
   * {@code value.hashCode()}, or 0 until a resurrected string is first hashed: a hash lookup reads
   * the proxy alone, not its string. A new string hashes the characters it copies anyway, so a map
   * filled with new keys never runs the hashing loop on lookup, and the JIT leaves it out of the
   * lookup's compiled code. It takes no room: the proxy had 4 bytes of alignment padding.
   */
  private int hash;

  private PString(Handle handle) {
    this.handle = handle;
  }

  private PString(Heap heap, String value) {
    boolean latin1 = value.chars().allMatch(c -> c <= 0xff);
    byte[] bytes = latin1 ? value.getBytes(StandardCharsets.ISO_8859_1) : utf16(value);
    this.handle = heap.allocateImmutable(PCLASS, bytes.length);
    this.value = value;
    this.hash = value.hashCode();
    handle.putInt(BYTES, bytes.length);
    handle.putByte(CODER, latin1 ? LATIN1 : UTF16);
    handle.putBytes(CHARS, bytes, 0, bytes.length);
    WriteBack.prefix(handle, CHARS + bytes.length);
  }

  /** A new persistent copy of {@code value}, written back, not yet valid. */
  public static PString of(Heap heap, String value) {
    return new PString(heap, value);
  }

  @Override
  public Handle handle() {
    return handle;
  }

  @Override
  public String toString() {
    String s = value;
    if (s == null) {
      s = decode();
      value = s;
    }
    return s;
  }

  private String decode() {
    int length = handle.getInt(BYTES);
    if (length < 0 || CHARS + length > handle.capacity()) {
      throw Errors.corrupt(handle.heap().path(), "the string at offset " + handle.offset() + " claims " + length + " bytes");
    }
    byte[] bytes = new byte[length];
    handle.getBytes(CHARS, bytes, 0, length);
    if (handle.getByte(CODER) == LATIN1) {
      return new String(bytes, StandardCharsets.ISO_8859_1);
    }
    char[] chars = new char[length / 2];
    for (int i = 0; i < chars.length; i++) {
      chars[i] = (char) ((bytes[2 * i] & 0xff) | (bytes[2 * i + 1] & 0xff) << 8);
    }
    return new String(chars);
  }

  /** Two bytes a character, little-endian; unlike a charset encoder it keeps lone surrogates. */
  private static byte[] utf16(String s) {
    byte[] bytes = new byte[2 * s.length()];
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      bytes[2 * i] = (byte) c;
      bytes[2 * i + 1] = (byte) (c >>> 8);
    }
    return bytes;
  }

  @Override
  public int length() {
    return toString().length();
  }

  @Override
  public char charAt(int index) {
    return toString().charAt(index);
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return toString().subSequence(start, end);
  }

  /** True for a {@code PString} with the same characters; a {@link String} is never equal. */
  @Override
  public boolean equals(Object o) {
    return o == this || (o instanceof PString other && toString().equals(other.toString()));
  }

  @Override
  public int hashCode() {
    int h = hash;
    return h != 0 ? h : computeHash();
  }

  private int computeHash() {
    int h = toString().hashCode();
    hash = h;
    return h;
  }

  @Override
  public int compareTo(PString other) {
    return toString().compareTo(other.toString());
  }

  /**
   * The probe that finds the {@code PString} of {@code value}'s characters in a map keyed by
   * {@code PString}s, without making one: {@code map.get(PString.probe("alice"))} finds what
   * {@code map.get(PString.of(heap, "alice"))} finds (see {@link KeyProbe}).
   */
  public static Probe probe(String value) {
    return new Probe(value);
  }

  /** See {@link #probe(String)}. */
  // Compares with the keys a sorted map holds, which is what its lookups call; never sorted itself.
  @SuppressWarnings("ComparableType")
  public static final class Probe implements KeyProbe<PString>, Comparable<PString> {
    private final String value;

    private Probe(String value) {
      this.value = Objects.requireNonNull(value, "value");
    }

    /** True for a {@code PString} (or a probe) of the same characters. */
    @Override
    public boolean equals(Object o) {
      return o instanceof PString p ? value.equals(p.toString()) : o instanceof Probe q && value.equals(q.value);
    }

    @Override
    public int hashCode() {
      return value.hashCode();
    }

    @Override
    public int compareTo(PString other) {
      return value.compareTo(other.toString());
    }

    @Override
    public String toString() {
      return value;
    }
  }
}
