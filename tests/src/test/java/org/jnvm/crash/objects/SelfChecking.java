package org.jnvm.crash.objects;

import org.jnvm.PObject;

/**
 * A test object whose contents are a function of its id, so that the checker can tell a complete
 * object from one whose payload was lost, torn, or left over from a previous owner of its blocks.
 */
public interface SelfChecking extends PObject {
  /** The id it was created with; ids start at 1, so 0 means the payload is missing. */
  long id();

  /** What is wrong with the contents, or null when they are exactly what the id says. */
  String defect();

  /** The value a test object stores at position {@code i} for {@code id}: never 0 for a real id. */
  static long stamp(long id, long i) {
    long z = id * 0x9e37_79b9_7f4a_7c15L + i * 0xbf58_476d_1ce4_e5b9L + 0x94d0_49bb_1331_11ebL;
    z = (z ^ (z >>> 30)) * 0xbf58_476d_1ce4_e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d0_49bb_1331_11ebL;
    z ^= z >>> 31;
    return z == 0 ? 1 : z;
  }

  /** The usual defect report for a stamped value. */
  static String mismatch(String what, long id, long i, long found) {
    long expected = stamp(id, i);
    return found == expected ? null : what + " of object " + id + " is " + Long.toHexString(found) + ", not " + Long.toHexString(expected);
  }
}
