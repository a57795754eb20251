package org.jnvm.pdt;

/**
 * What a removal or a free does with the keys and values a map holds. A map never frees them on
 * its own: {@link java.util.Map#remove} and friends keep them, and return the value alive. The
 * methods that take a {@code Contents} free what it names; an object that is both key and value
 * (as in a set) is freed once. A value that is itself a pdt map, set or list is freed whole (its
 * header alone would leave its slot or element array behind), and with what it holds only under
 * {@link #DEEP}.
 */
public enum Contents {
  /** Free neither keys nor values. */
  KEEP(false, false),
  /** Free the keys stored in the map, which may be other proxies of the keys the caller passes. */
  KEYS(true, false),
  /** Free the values. */
  VALUES(false, true),
  /** Free both. */
  KEYS_AND_VALUES(true, true, false),
  /**
   * Free both, and free a value that is a pdt map, set or list with everything it holds, its own
   * values freed the same way: a record map held as a value leaves no block behind. The objects
   * must form a tree: one held twice would be freed twice.
   */
  DEEP(true, true, true);

  private final boolean keys;
  private final boolean values;
  private final boolean deep;

  Contents(boolean keys, boolean values) {
    this(keys, values, false);
  }

  Contents(boolean keys, boolean values, boolean deep) {
    this.keys = keys;
    this.values = values;
    this.deep = deep;
  }

  public boolean freesKeys() {
    return keys;
  }

  public boolean freesValues() {
    return values;
  }

  /** True if the containers held as values are freed with what they hold, recursively. */
  public boolean freesDeep() {
    return deep;
  }
}
