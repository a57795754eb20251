package org.jnvm;

/**
 * Which methods of a {@link Persistent} class run as failure-atomic blocks (the paper's {@code
 * fa} argument).
 */
public enum Fa {
  /**
   * No method is wrapped: the low-level interface of the paper's section 3.2. Writes reach the
   * heap directly, a new object stays invalid until {@link PObject#validate()}, and the program
   * orders its write-backs itself (or opens blocks with {@link org.jnvm.fa.FailureAtomic}).
   */
  NONE,

  /**
   * Every non-private, non-static, overridable method, and every constructor, runs as a
   * failure-atomic block: after a crash, all of its persistent effects are present or none is; if
   * it throws, none is. {@code new XProxy(...)} therefore works only inside a block, and {@code
   * XProxy.create(...)} anywhere. A subclass of such a class must say {@code NON_PRIVATE} too.
   */
  NON_PRIVATE
}
