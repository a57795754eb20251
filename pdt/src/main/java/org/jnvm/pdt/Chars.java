package org.jnvm.pdt;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * The characters of a {@link PString} or of its probe, held the way the JDK's compact strings
 * hold theirs: a {@code byte[]} of Latin-1 when every character fits, a {@code char[]} otherwise.
 * The form is canonical, so two sequences of the same characters always have the same form, and
 * equality never converts. Comparisons, hashes and lengths agree with {@link String}'s.
 *
 * <p>A string keeps its characters here rather than in a {@code String} so that comparing it costs
 * one load less: a map lookup that compares keys goes from the key's proxy straight to its
 * characters, where a {@code String} would put one more object, and at millions of keys one more
 * cache miss, in between.
 */
final class Chars {
  private Chars() {}

  /** {@code s}'s characters in canonical form. */
  static Object of(String s) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      if (s.charAt(i) > 0xff) {
        return s.toCharArray();
      }
    }
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /**
   * Characters stored two bytes each, little-endian, in canonical form: Latin-1 if every one fits,
   * which {@link PString#of} never stores this way but a file from elsewhere may.
   */
  static Object ofUtf16(byte[] bytes) {
    char[] chars = new char[bytes.length / 2];
    boolean latin1 = true;
    for (int i = 0; i < chars.length; i++) {
      chars[i] = (char) ((bytes[2 * i] & 0xff) | (bytes[2 * i + 1] & 0xff) << 8);
      latin1 &= chars[i] <= 0xff;
    }
    if (!latin1) {
      return chars;
    }
    byte[] narrow = new byte[chars.length];
    for (int i = 0; i < chars.length; i++) {
      narrow[i] = (byte) chars[i];
    }
    return narrow;
  }

  /** The most Latin-1 characters {@link #packed} words hold. */
  static final int PACKED_MAX = 3 * Long.BYTES;

  private static final VarHandle LONG_AT = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /**
   * Word {@code i} (0, 1 or 2) of {@code latin1}'s characters packed into longs, eight a word, the
   * first in the low byte; zero past the end. Two sequences of the same length are equal when their
   * words are.
   */
  static long packed(byte[] latin1, int i) {
    int from = i * Long.BYTES;
    if (from + Long.BYTES <= latin1.length) {
      return (long) LONG_AT.get(latin1, from);
    }
    long word = 0;
    for (int k = latin1.length - 1; k >= from; k--) {
      word = word << 8 | (latin1[k] & 0xff);
    }
    return word;
  }

  static boolean isLatin1(Object chars) {
    return chars instanceof byte[];
  }

  /** The bytes a string stores: the Latin-1 bytes, or two bytes a character, little-endian. */
  static byte[] stored(Object chars) {
    if (chars instanceof byte[] latin1) {
      return latin1;
    }
    char[] utf16 = (char[]) chars;
    byte[] bytes = new byte[2 * utf16.length];
    for (int i = 0; i < utf16.length; i++) {
      bytes[2 * i] = (byte) utf16[i];
      bytes[2 * i + 1] = (byte) (utf16[i] >>> 8);
    }
    return bytes;
  }

  static int length(Object chars) {
    return chars instanceof byte[] latin1 ? latin1.length : ((char[]) chars).length;
  }

  static char charAt(Object chars, int index) {
    if (chars instanceof byte[] latin1) {
      return (char) (latin1[Objects.checkIndex(index, latin1.length)] & 0xff);
    }
    char[] utf16 = (char[]) chars;
    return utf16[Objects.checkIndex(index, utf16.length)];
  }

  static String toString(Object chars) {
    return chars instanceof byte[] latin1 ? new String(latin1, StandardCharsets.ISO_8859_1) : new String((char[]) chars);
  }

  static boolean equal(Object a, Object b) {
    if (a instanceof byte[] x) {
      return b instanceof byte[] y && Arrays.equals(x, y);
    }
    return b instanceof char[] y && Arrays.equals((char[]) a, y);
  }

  /** The sign of {@code String.compareTo} on the same characters. */
  static int compare(Object a, Object b) {
    if (a instanceof byte[] x && b instanceof byte[] y) {
      return Arrays.compareUnsigned(x, y);
    }
    if (a instanceof char[] x && b instanceof char[] y) {
      return Arrays.compare(x, y);
    }
    int m = length(a);
    int n = length(b);
    for (int i = 0, k = Math.min(m, n); i < k; i++) {
      int d = charAt(a, i) - charAt(b, i);
      if (d != 0) {
        return d;
      }
    }
    return m - n;
  }

  /** {@code String.hashCode} of the same characters. */
  static int hash(Object chars) {
    int h = 0;
    if (chars instanceof byte[] latin1) {
      for (byte b : latin1) {
        h = 31 * h + (b & 0xff);
      }
    } else {
      for (char c : (char[]) chars) {
        h = 31 * h + c;
      }
    }
    return h;
  }
}
