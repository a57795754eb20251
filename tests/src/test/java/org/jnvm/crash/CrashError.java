package org.jnvm.crash;

/**
 * Thrown out of the simulated backend at the planned fence: the simulated machine has lost power.
 * An {@link Error}, so that no runtime or scenario code that handles exceptions can swallow it.
 */
public final class CrashError extends Error {
  private static final long serialVersionUID = 1L;

  private final long fence;

  public CrashError(long fence) {
    super("simulated power failure at fence " + fence, null, false, false);
    this.fence = fence;
  }

  /** The fence the crash happened at, counted from 0. */
  public long fence() {
    return fence;
  }
}
