package org.jnvm.pdt;

/**
 * How a persistent map or set keeps proxies of its values (the paper's section 4.3.2). A map
 * always keeps a proxy of each key, in its volatile mirror. The policy is chosen when the map is
 * created and stored with it.
 *
 * <p>Caching has a cost that the collector pays. A map's entries soon live in the old generation.
 * A cached proxy is born young, so every cache fill stores a young object into an old entry, and
 * so does every value update, since copy-on-write values get new proxies. G1 then has to refine
 * and scan the card of that store. With a spare core it does so concurrently and the cost hides;
 * with a busy client thread on every core it competes with them. Where values are replaced
 * often or read once, {@link #BASE} can then be the faster policy.
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
