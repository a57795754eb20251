package org.jnvm.heap;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.SwitchPoint;
import java.lang.invoke.VarHandle;

/**
 * Where failure-atomic blocks plug into object access. The heap layer knows nothing of logs: it
 * asks this hook, when one is installed and some thread is inside a block, where a read or a
 * write should go, and whether a validation or a free is the block's to apply at commit.
 *
 * <p>The fast path of every accessor reads {@link #active()}, a plain static field: the number of
 * threads inside a block. A thread that is inside one has itself raised it, so it always sees it
 * non-zero. A thread that sees it non-zero asks the hook whether it is itself inside a block
 * ({@link #callerInBlock()}); only then do its accesses leave the fast path, so that a block on
 * one thread costs the others a thread-local lookup per access, not the slow path.
 *
 * <p>Until the first block of the process starts, even that load is gone: {@link #noBlockEver()}
 * is a {@link SwitchPoint} guard, which the JIT compiles to a constant and deoptimizes, once, when
 * the first block starts. Proxies read and write their blocks directly unless the calling thread
 * is inside a block ({@link Handle#directAccessAllowed()}).
 */
public abstract class InFlight {
  private static final VarHandle ACTIVE;
  private static final SwitchPoint NO_BLOCK_YET = new SwitchPoint();
  private static final MethodHandle NO_BLOCK_EVER =
      NO_BLOCK_YET.guardWithTest(MethodHandles.constant(boolean.class, true), MethodHandles.constant(boolean.class, false));
  private static volatile InFlight hook;
  @SuppressWarnings("unused") // updated through ACTIVE
  private static int active;

  static {
    try {
      ACTIVE = MethodHandles.lookup().findStaticVarHandle(InFlight.class, "active", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Threads inside a block; zero keeps every accessor on its fast path. */
  static int active() {
    return active;
  }

  /** True until the first failure-atomic block of the process starts; then false for good. */
  static boolean noBlockEver() {
    try {
      return (boolean) NO_BLOCK_EVER.invokeExact();
    } catch (Throwable t) {
      throw new AssertionError(t);
    }
  }

  static InFlight hook() {
    return hook;
  }

  /** Installs the failure-atomic layer; called once, by that layer. */
  protected static synchronized void install(InFlight h) {
    if (hook == null) {
      hook = h;
    }
  }

  /** A thread enters its outermost block. */
  protected static void enter() {
    if (!NO_BLOCK_YET.hasBeenInvalidated()) {
      SwitchPoint.invalidateAll(new SwitchPoint[] {NO_BLOCK_YET});
    }
    ACTIVE.getAndAdd(1);
  }

  /** A thread leaves its outermost block. */
  protected static void exit() {
    ACTIVE.getAndAdd(-1);
  }

  /** Where to read {@code width} bytes at {@code off}; {@code direct} is the address outside any block. */
  protected abstract long readAddress(Handle h, long off, long direct);

  /**
   * Where to write {@code width} bytes at {@code off}; may take an in-flight copy of the block. The
   * width tells the block which cache lines of the copy it must write back at commit.
   */
  protected abstract long writeAddress(Handle h, long off, int width, long direct);

  /** True when the calling thread's block takes over this validation, to apply it at commit. */
  protected abstract boolean deferValidate(Handle h);

  /** True when the calling thread's block takes over this free, to apply it at commit. */
  protected abstract boolean deferFree(Handle h);

  /** Tells the calling thread's block, if any, about an object it allocated. */
  protected abstract void allocated(Handle h);

  /** True when the calling thread is inside a block. */
  protected abstract boolean inBlock();

  /** True when the calling thread is inside a failure-atomic block. */
  static boolean callerInBlock() {
    InFlight h = hook;
    return active() != 0 && h != null && h.inBlock();
  }
}
