package org.jnvm.heap;

import org.jnvm.persist.Persistence;

/**
 * A proxy that reads and writes its object's blocks without going through its {@link
 * Handle}, which saves the handle's loads and checks per access: the fast path of generated
 * accessors. The proxy asks for it with {@link Handle#bind(DirectAccess, long)}, naming the bytes
 * it touches there (its whole fixed layout); the handle grants it only when they all lie at
 * {@code base + offset}, in the master block or, for an object whose blocks follow one another in
 * memory, in the blocks after it, so an accessor decides with one test, and revokes it, with a
 * base of 0, when the object is freed.
 *
 * <p>An accessor reads the base once into a local and uses it when it is not 0 and {@link
 * Handle#directAccessAllowed()}; anything else goes through the handle, which checks, throws on a
 * freed object and honours failure-atomic blocks. Reading the field once means that a free racing
 * with the access leaves either the old address, still mapped, or 0, never an address computed
 * from 0.
 *
 * <p>With the address comes the heap's {@link Persistence}, so that a proxy writes its fields back
 * by address too: on a random access, loading the handle only to reach the backend costs a cache
 * miss of its own.
 */
public interface DirectAccess {
  /**
   * Sets the address of the master block's payload, or 0 when the proxy has no direct access, and
   * the backend that writes back the heap's cache lines.
   */
  void directAccess(long base, Persistence persistence);
}
