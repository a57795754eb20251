package org.jnvm.samples;

/** Counts in the demos' messages, in the singular for one: "1 live object", "15 live objects". */
public final class Counts {
  private Counts() {}

  /** {@code n} and the noun that agrees with it. */
  public static String of(long n, String singular, String plural) {
    return n + " " + (n == 1 ? singular : plural);
  }
}
