package org.jnvm.bench.ycsb.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The UTF-8 form of field names. YCSB's records all carry the same few names ({@code field0} to
 * {@code field9}), so each is encoded and decoded once and then found again, as a store's own
 * serializer for a fixed record type would never spend work on them. Without this, a peer's
 * read made ten new strings and an update encoded every name twice: costs of the harness, not of
 * the store, which jnvm's bindings, keeping values by slot, never paid.
 *
 * <p>Names learnt are published in a new array, so readers take no lock; two threads that learn
 * a name at once may each add it, which wastes an entry and nothing else. Past {@link
 * #MAX_KNOWN} names, new ones are encoded and decoded every time.
 */
final class FieldNameCodec {
  static final int MAX_NAME_BYTES = 0xFFFF;
  private static final int MAX_KNOWN = 64;

  private record Name(String string, byte[] utf8) {}

  private static volatile Name[] known = new Name[0];

  private FieldNameCodec() {}

  /** {@code name} in UTF-8; the array is shared, and must not be changed. */
  static byte[] encode(String name) {
    Name[] names = known;
    for (Name n : names) {
      if (n.string.equals(name)) {
        return n.utf8;
      }
    }
    byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
    if (utf8.length > MAX_NAME_BYTES) {
      throw new IllegalArgumentException("a field name has at most " + MAX_NAME_BYTES + " UTF-8 bytes: " + name);
    }
    learn(new Name(name, utf8));
    return utf8;
  }

  /**
   * The name whose UTF-8 form is {@code length} bytes of {@code array} at {@code offset}. The
   * {@code hint}-th name learnt is tried first: a record's fields come in the same order each time.
   */
  static String decode(byte[] array, int offset, int length, int hint) {
    Name[] names = known;
    if (hint < names.length && matches(names[hint], array, offset, length)) {
      return names[hint].string;
    }
    for (Name n : names) {
      if (matches(n, array, offset, length)) {
        return n.string;
      }
    }
    String name = new String(array, offset, length, StandardCharsets.UTF_8);
    learn(new Name(name, Arrays.copyOfRange(array, offset, offset + length)));
    return name;
  }

  private static boolean matches(Name n, byte[] array, int offset, int length) {
    return n.utf8.length == length && Arrays.equals(n.utf8, 0, length, array, offset, offset + length);
  }

  private static void learn(Name name) {
    Name[] names = known;
    if (names.length < MAX_KNOWN) {
      Name[] more = Arrays.copyOf(names, names.length + 1);
      more[names.length] = name;
      known = more;
    }
  }
}
