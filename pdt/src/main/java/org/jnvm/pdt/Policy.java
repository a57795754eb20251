package org.jnvm.pdt;

/**
 * How a persistent map or set keeps proxies of its values (the paper's section 4.3.2). A map
 * always keeps a proxy of each key, in its volatile mirror. The policy is chosen when the map is
 * created and stored with it.
 */
public enum Policy {
  /** A fresh value proxy on every read: the least memory, an allocation per read. */
  BASE(0),
  /**
   * Value proxies made on first read and kept, and pair handles once used: fast repeated reads and
   * updates, memory for what was used.
   */
  CACHED(1),
  /**
   * Value proxies and pair handles made for every entry when the map is resurrected: the slowest
   * start and the most memory, no misses.
   */
  EAGER(2);

  /** The number stored in a map's header; fixed, so that reordering the constants changes no heap. */
  private final int code;

  Policy(int code) {
    this.code = code;
  }

  int code() {
    return code;
  }

  /** The policy stored as {@code code}, or null if no policy has that code. */
  static Policy ofCode(int code) {
    for (Policy p : values()) {
      if (p.code == code) {
        return p;
      }
    }
    return null;
  }
}
