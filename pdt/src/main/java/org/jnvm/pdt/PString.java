package org.jnvm.pdt;

import java.util.Objects;
import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

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
  /**
   * The characters in the form {@link Chars} keeps them, read from the heap on first use; the
   * persistent copy never changes. Volatile so that a thread that finds the array finds its
   * content too; on x86 the read is a plain load.
   */
  private volatile Object content;
  /** {@link #toString}'s string, made on its first call. */
  private String value;
  /**
   * {@code toString().hashCode()}, or 0 until a resurrected string is first hashed: a hash lookup
   * reads the proxy alone, not its characters. A new string hashes the string it copies, so a map
   * filled with new keys never runs the hashing loop on lookup.
   */
  private int hash;

  private PString(Handle handle) {
    this.handle = handle;
  }

  private PString(Heap heap, String value) {
    Object content = Chars.of(value);
    byte[] bytes = Chars.stored(content);
    this.handle = heap.allocateImmutable(PCLASS, bytes.length);
    this.content = content;
    this.hash = value.hashCode();
    handle.putInt(BYTES, bytes.length);
    handle.putByte(CODER, Chars.isLatin1(content) ? LATIN1 : UTF16);
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

  /**
   * What equality compares, for a {@code PString} or a probe: its characters, in the form {@link
   * Chars} keeps them; null for any other key. A hash mirror keeps a key's content beside it and
   * compares a lookup's with it, without reading the key's proxy: at millions of keys, one cache
   * miss fewer per lookup.
   */
  static Object contentOf(Object key) {
    return key instanceof PString s ? s.content() : key instanceof Probe p ? p.content : null;
  }

  /** The characters, read from the heap on first use. */
  Object content() {
    Object c = content;
    if (c == null) {
      c = decode();
      content = c;
    }
    return c;
  }

  private Object decode() {
    int length = handle.getInt(BYTES);
    if (length < 0 || CHARS + length > handle.capacity()) {
      throw Errors.corrupt(handle.heap().path(), "the string at offset " + handle.offset() + " claims " + length + " bytes");
    }
    byte coder = handle.getByte(CODER);
    if (coder != LATIN1 && (coder != UTF16 || length % 2 != 0)) {
      throw Errors.corrupt(handle.heap().path(), "the string at offset " + handle.offset() + " has coder " + coder + " for " + length + " bytes");
    }
    byte[] bytes = new byte[length];
    handle.getBytes(CHARS, bytes, 0, length);
    return coder == LATIN1 ? bytes : Chars.ofUtf16(bytes);
  }

  @Override
  public String toString() {
    String s = value;
    if (s == null) {
      s = Chars.toString(content());
      value = s;
    }
    return s;
  }

  @Override
  public int length() {
    return Chars.length(content());
  }

  @Override
  public char charAt(int index) {
    return Chars.charAt(content(), index);
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return toString().subSequence(start, end);
  }

  /** True for a {@code PString} with the same characters; a {@link String} is never equal. */
  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    // Hashes known on both sides tell most unequal strings apart without reading their characters.
    return o instanceof PString other && (hash == 0 || other.hash == 0 || hash == other.hash) && Chars.equal(content(), other.content());
  }

  @Override
  public int hashCode() {
    int h = hash;
    return h != 0 ? h : computeHash();
  }

  private int computeHash() {
    int h = Chars.hash(content());
    hash = h;
    return h;
  }

  /** Has the sign of {@code String.compareTo} on the same characters. */
  @Override
  public int compareTo(PString other) {
    return Chars.compare(content(), other.content());
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
    /** {@code value}'s characters in the form the strings it meets hold theirs. */
    private final Object content;

    private Probe(String value) {
      this.value = Objects.requireNonNull(value, "value");
      this.content = Chars.of(value);
    }

    /** True for a {@code PString} (or a probe) of the same characters. */
    @Override
    public boolean equals(Object o) {
      return o instanceof PString p ? Chars.equal(content, p.content()) : o instanceof Probe q && value.equals(q.value);
    }

    @Override
    public int hashCode() {
      return value.hashCode();
    }

    @Override
    public int compareTo(PString other) {
      return Chars.compare(content, other.content());
    }

    @Override
    public String toString() {
      return value;
    }
  }
}
