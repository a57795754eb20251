package org.jnvm.pdt;

/**
 * A pdt type whose content never changes once it is published, so that one of its proxies is as
 * good as another: a map under {@link Policy#CACHED} keeps where such a value is and makes a fresh
 * proxy on each read, rather than keeping one proxy (see {@link Slot}). Mutable values, whose
 * proxies a failure-atomic block or a direct access binds to, keep theirs.
 */
interface ImmutableValue {}
