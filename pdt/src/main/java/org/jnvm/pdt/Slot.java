package org.jnvm.pdt;

/**
 * A mirror entry: where a key's pair is, and its value. Immutable but for the cached value proxy,
 * which several threads may fill at once harmlessly (a proxy is its final handle and nothing else).
 *
 * @param <V> the value type
 */
final class Slot<V> {
  final int index;
  final long pair;
  final long value;
  V cached;

  Slot(int index, long pair, long value, V cached) {
    this.index = index;
    this.pair = pair;
    this.value = value;
    this.cached = cached;
  }
}
