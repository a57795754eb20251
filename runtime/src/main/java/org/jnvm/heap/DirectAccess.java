package org.jnvm.heap;

/**
 * A proxy that reads and writes its object's master block without going through its {@link
 * Handle}, which saves a dependent load and a check per access: the fast path of generated
 * accessors. The handle grants the access with {@link Handle#bind} and revokes it, with a limit of
 * 0, when the object is freed.
 *
 * <p>The proxy may access {@code [base + off, base + off + width)} when {@code off + width <=
 * limit} and {@link Handle#directAccessAllowed()}; anything else goes through the handle, which
 * checks, throws on a freed object and honours failure-atomic blocks.
 */
public interface DirectAccess {
  /** Sets the address of the master block's payload and the bytes accessible from it (0: none). */
  void directAccess(long base, long limit);
}
