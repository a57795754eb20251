package org.jnvm.pdt;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import java.util.function.Consumer;
import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

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

  /** A new persistent copy of {@code content}, written back, not yet valid. */
  public static PBytes of(Heap heap, byte[] content) {
    Objects.requireNonNull(content, "content");
    return of(heap, content.length, out -> out.put(content));
  }

  /**
   * A new persistent byte sequence of {@code length} bytes, which {@code fill} writes front to
   * back, every one of them, through a {@link Filler}; written back, not yet valid. A sequence
   * made of parts is written straight into the heap, without being put together in an array
   * first. If {@code fill} throws, or leaves bytes unwritten, the new sequence is freed and
   * nothing is made.
   */
  public static PBytes of(Heap heap, int length, Consumer<Filler> fill) {
    if (length < 0) {
      throw Errors.negativeLength(length);
    }
    Handle handle = heap.allocateFilledImmutable(PCLASS, length);
    PBytes made = new PBytes(handle);
    Filler filler = new Filler(handle, length);
    try {
      handle.putLong(LENGTH, length);
      fill.accept(filler);
      if (filler.written != length) {
        throw Errors.underfilled("byte sequence", filler.written, length);
      }
    } catch (RuntimeException | Error e) {
      heap.free(made);
      throw e;
    } finally {
      filler.open = false;
    }
    WriteBack.prefix(handle, DATA + length);
    return made;
  }

  /** Writes a new byte sequence's bytes in order; only inside {@link PBytes#of(Heap, int, Consumer)}. */
  public static final class Filler {
    private final Handle handle;
    private final int length;
    private int written;
    private boolean open = true;

    private Filler(Handle handle, int length) {
      this.handle = handle;
      this.length = length;
    }

    public Filler put(byte[] bytes) {
      return put(bytes, 0, bytes.length);
    }

    public Filler put(byte[] bytes, int from, int count) {
      Objects.checkFromIndexSize(from, count, bytes.length);
      handle.putBytes(next(count), bytes, from, count);
      return advance(count);
    }

    /** Four bytes, big endian, as {@link java.nio.ByteBuffer#putInt(int)} writes them. */
    public Filler putInt(int value) {
      long at = next(Integer.BYTES);
      for (int i = 0; i < Integer.BYTES; i++) {
        handle.putByte(at + i, (byte) (value >>> (Integer.SIZE - Byte.SIZE * (i + 1))));
      }
      return advance(Integer.BYTES);
    }

    /** Where the next {@code count} bytes go; throws if they do not fit or the sequence is made. */
    private long next(int count) {
      if (!open) {
        throw Errors.fillerClosed("byte sequence");
      }
      Objects.checkFromIndexSize(written, count, length);
      return DATA + written;
    }

    private Filler advance(int count) {
      written += count;
      return this;
    }
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
