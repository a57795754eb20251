package org.jnvm.pdt;

/**
 * How a persistent map or set keeps proxies of its values (the paper's section 4.3.2). A map
 * always keeps a proxy of each key, in its volatile mirror. The policy is chosen when the map is
 * created and stored with it.
 *
 * <p>Caching a proxy has a cost that the collector pays. A map's entries soon live in the old
 * generation. A proxy is born young, so every cache fill stores a young object into an old entry,
 * and so does every value update, since copy-on-write values get new proxies. G1 then has to
 * refine and scan the card of that store, and with a busy client thread on every core that work
 * competes with them. So {@link #CACHED} keeps proxies only of mutable values, which a caller may
 * have bound; of an immutable value (a string, bytes, a boxed number) it keeps where the value is
 * and what class and size it has, in the entry's own fields, and makes a fresh proxy from that on
 * each read without touching the heap's headers.
 */
public enum Policy {
  /** A fresh value proxy on every read: the least memory, an allocation per read. */
  BASE(0),
  /**
   * What a read needs kept from the first read on: a mutable value's proxy, an immutable value's
   * place, class and size, and pair handles once used. Fast repeated reads and updates, memory for
   * what was used.
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
