package org.jnvm.persist;

import org.jnvm.memory.Memory;

/**
 * The three flush operations of the paper's section 3.2.2, for one mapped heap.
 *
 * <ul>
 *   <li>{@link #pwb(long)} asks for the cache line holding an address to be written back; it may
 *       complete late and out of order.
 *   <li>{@link #pfence()} orders: every pwb and store before it reaches persistence before any pwb
 *       or store after it.
 *   <li>{@link #psync()} is a pfence that also waits until the earlier write-backs are durable.
 * </ul>
 *
 * <p>Implementations are chosen once per heap (see {@link Backends}) and stored in a final field,
 * so that a JVM that uses one backend sees a monomorphic call site that the JIT inlines. A test
 * that needs to observe every flush (a simulated power failure, for instance) supplies its own
 * implementation through {@link PersistenceProvider}; nothing on the hot path changes for that.
 */
public interface Persistence {

  /** The name that configuration uses for this backend, such as {@code clwb}. */
  String name();

  /** The name and how the backend is bound, for the line that the heap logs when it opens. */
  default String description() {
    return name();
  }

  /** Writes back the cache line that holds {@code address}. */
  void pwb(long address);

  /** Writes back every cache line that overlaps {@code [address, address + length)}. */
  default void pwb(long address, long length) {
    long line = address & -Memory.CACHE_LINE;
    long end = address + length;
    for (; line < end; line += Memory.CACHE_LINE) {
      pwb(line);
    }
  }

  void pfence();

  void psync();
}
