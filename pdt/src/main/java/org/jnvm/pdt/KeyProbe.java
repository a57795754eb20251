package org.jnvm.pdt;

/**
 * A volatile object that stands for a persistent key of type {@code K} in lookups: it equals the
 * key it stands for, has the key's hash code and, for sorted maps, compares with keys as that key
 * would. {@link PMap#get(KeyProbe)} takes one, so that looking a key up by a plain Java value makes
 * no persistent object and no proxy; so does a sorted map's {@link
 * NavigableMapView#ceilingKey(KeyProbe)}, which finds where a range starts. Equality holds one way
 * only (the key does not equal its probe), which is all that {@link java.util.Map#get}'s contract
 * uses, so a probe never goes into a map. {@link PString#probe} makes the probes of strings.
 *
 * @param <K> the type of the keys it stands for
 */
public interface KeyProbe<K> {}
