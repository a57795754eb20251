package org.jnvm.pdt;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.jnvm.layout.PClass;

/**
 * An immutable persistent byte sequence, for binary keys and values. Equality and hash code follow
 * the content, as {@link Arrays#equals(byte[], byte[])} and {@link Arrays#hashCode(byte[])} do;
 * the order is unsigned lexicographic. Like {@link PString}, a new one is written back but invalid
 * until something publishes it, and a small one shares a pool block with others.
 */
public final class PBytes implements PObject, Comparable<PBytes>, ImmutableValue {
  private static final Layout LAYOUT = Layout.builder().field("length", FieldKind.LONG).tail(FieldKind.BYTE, "length").build();
  public static final PClass<PBytes> PCLASS = PClass.of(PBytes.class, LAYOUT, PBytes::new);
  private static final long LENGTH = LAYOUT.field("length").orElseThrow().offset();
  private static final long DATA = LAYOUT.tail().orElseThrow().offset();

  private final Handle handle;
  /** The content's hash code, computed on first use; 0 until then. */
  private int hash;

  private PBytes(Handle handle) {
    this.handle = handle;
  }

  private PBytes(Heap heap, byte[] content) {
    this.handle = heap.allocateFilledImmutable(PCLASS, content.length);
    handle.putLong(LENGTH, content.length);
    handle.putBytes(DATA, content, 0, content.length);
    WriteBack.prefix(handle, DATA + content.length);
  }

  /** A new persistent copy of {@code content}, written back, not yet valid. */
  public static PBytes of(Heap heap, byte[] content) {
    return new PBytes(heap, Objects.requireNonNull(content, "content"));
  }

  @Override
  public Handle handle() {
    return handle;
  }

  public int length() {
    long length = handle.getLong(LENGTH);
    if (length < 0 || DATA + length > handle.capacity()) {
      throw Errors.corrupt(handle.heap().path(), "the byte sequence at offset " + handle.offset() + " claims " + length + " bytes");
    }
    return (int) length;
  }

  public byte byteAt(int index) {
    return handle.getByte(DATA + Objects.checkIndex(index, length()));
  }

  /** A copy of the content. */
  public byte[] toByteArray() {
    byte[] bytes = new byte[length()];
    handle.getBytes(DATA, bytes, 0, bytes.length);
    return bytes;
  }

  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    return o instanceof PBytes other
        && other.length() == length()
        && (hash == 0 || other.hash == 0 || hash == other.hash)
        && Arrays.equals(toByteArray(), other.toByteArray());
  }

  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      h = Arrays.hashCode(toByteArray());
      hash = h;
    }
    return h;
  }

  @Override
  public int compareTo(PBytes other) {
    return Arrays.compareUnsigned(toByteArray(), other.toByteArray());
  }

  /** The content in hexadecimal. */
  @Override
  public String toString() {
    return HexFormat.of().formatHex(toByteArray());
  }
}
