package org.jnvm.proxy;

import java.nio.charset.StandardCharsets;
import org.jnvm.errors.Errors;

/**
 * How an enum field is stored: as the 32-bit FNV-1a hash of its constant's name, and 0 for null.
 *
 * <p>The name, not the ordinal, so that reordering an enum's constants, or adding new ones
 * anywhere, never changes what a stored value means. Renaming a constant does change its id: a
 * value stored under the old name then reads as unknown and throws {@link UnknownEnumException}
 * rather than turning into another constant. The processor computes the ids at compile time with
 * {@link #of(String)}, rejects an enum in which two names share an id (or one hashes to 0), and
 * turns them into {@code switch}es in the accessors: no lookup table, no reflection.
 */
public final class EnumIds {
  private EnumIds() {}

  /** The id stored for the constant named {@code name}; never 0. */
  public static int of(String name) {
    int h = 0x811c_9dc5;
    for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x0100_0193;
    }
    return h;
  }

  /** For generated readers: the id read from the heap names no constant of {@code type}. */
  public static UnknownEnumException unknownId(Class<? extends Enum<?>> type, int id) {
    return new UnknownEnumException(Errors.unknownEnumId(type, id));
  }

  /** For generated writers: {@code constant} was added to its enum after the proxy was generated. */
  public static UnknownEnumException unknownConstant(Enum<?> constant) {
    return new UnknownEnumException(Errors.unknownEnumConstant(constant));
  }
}
