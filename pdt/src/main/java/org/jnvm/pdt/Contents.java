package org.jnvm.pdt;

/**
 * What a removal or a free does with the keys and values a map holds. A map never frees them on
 * its own: {@link java.util.Map#remove} and friends keep them, and return the value alive. The
 * methods that take a {@code Contents} free what it names; an object that is both key and value
 * (as in a set) is freed once.
 */
public enum Contents {
  /** Free neither keys nor values. */
  KEEP(false, false),
  /** Free the keys stored in the map, which may be other proxies of the keys the caller passes. */
  KEYS(true, false),
  /** Free the values. */
  VALUES(false, true),
  /** Free both. */
  KEYS_AND_VALUES(true, true);

  private final boolean keys;
  private final boolean values;

  Contents(boolean keys, boolean values) {
    this.keys = keys;
    this.values = values;
  }

  public boolean freesKeys() {
    return keys;
  }

  public boolean freesValues() {
    return values;
  }
}
