package org.jnvm.heap;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MutableCallSite;
import java.lang.invoke.VarHandle;

/**
 * Where failure-atomic blocks plug into object access. The heap layer knows nothing of logs: it
 * asks this hook, when one is installed and some thread is inside a block, where a read or a
 * write should go, and whether a validation or a free is the block's to apply at commit.
 *
 * <p>The fast path of every accessor asks {@link #callerMayBeInBlock()}, which loads one count:
 * the number of threads inside a block among those whose id falls in the calling thread's slot,
 * each slot on cache lines of its own. A thread inside a block has raised its own slot's count, so
 * it always sees it non-zero. Only then, or when another thread of its slot is inside a block, does
 * it ask the hook, with a thread-local lookup, whether it is itself inside one ({@link
 * #callerInBlock()}); only a thread inside a block leaves the fast path. A count per slot keeps a
 * block's updates of its count off the cache lines other threads read.
 *
 * <p>Until the first block of the process starts, even that load is gone: {@link #noBlockEver()}
 * calls a {@link MutableCallSite}'s constant target, which the JIT compiles to a constant and
 * deoptimizes, once, when the first block sets another. Proxies read and write their blocks
 * directly unless the calling thread is inside a block ({@link Handle#directAccessAllowed()}).
 *
 * <p>Why a call site and not a {@code SwitchPoint}, which does the same job: every accessor
 * inlines this test, and C2 counts each node it parses against a cutoff for the whole compiled
 * method (JDK 17's {@code NodeCountInliningCutoff}), folded or not; a switch point's guard parses
 * into more nodes, and can push a loop of many accessors past the cutoff.
 */
public abstract class InFlight {
  /** Slots of the per-thread counts: a power of two, so that thread ids 0 to 63 each have their own. */
  private static final int SLOTS = 64;
  /**
   * Ints from one slot to the next: 128 bytes, two cache lines, since the processor's prefetcher
   * fetches lines in pairs and would otherwise make neighbouring slots share a line all the same.
   */
  private static final int STRIDE = 32;
  /**
   * Threads inside a block, per slot: slot s's count is at {@code (s + 1) * STRIDE}. One stride of
   * padding before the first slot and after the last keeps the counts off the lines of the array's
   * header and of whatever object follows the array.
   */
  private static final int[] IN_BLOCK = new int[(SLOTS + 2) * STRIDE];
  private static final VarHandle COUNT = MethodHandles.arrayElementVarHandle(int[].class);
  /** Its target returns true until the first block starts, then false. */
  private static final MutableCallSite NO_BLOCK_YET = new MutableCallSite(MethodHandles.constant(boolean.class, true));
  private static final MethodHandle NO_BLOCK_EVER = NO_BLOCK_YET.dynamicInvoker();
  /** Set once the call site's new target is seen by every thread; a block's start reads only this. */
  private static volatile boolean blockStarted;
  private static volatile InFlight hook;

  /**
   * False when the calling thread is not inside a block, which keeps its accessors on their fast
   * path; true when it is, or when another thread whose id shares its slot is. Until the first
   * block of the process, the constant false.
   */
  static boolean callerMayBeInBlock() {
    return !noBlockEver() && IN_BLOCK[slot()] != 0;
  }

  /** The index of the calling thread's count: a load of its id, a mask and a shift. */
  private static int slot() {
    return (((int) Thread.currentThread().getId() & (SLOTS - 1)) + 1) * STRIDE;
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
    if (!blockStarted) {
      firstBlock();
    }
    COUNT.getAndAdd(IN_BLOCK, slot(), 1);
  }

  /** Turns {@link #noBlockEver()} false for good, before the first block counts itself in. */
  private static synchronized void firstBlock() {
    if (!blockStarted) {
      NO_BLOCK_YET.setTarget(MethodHandles.constant(boolean.class, false));
      MutableCallSite.syncAll(new MutableCallSite[] {NO_BLOCK_YET});
      blockStarted = true;
    }
  }

  /** A thread leaves its outermost block. */
  protected static void exit() {
    COUNT.getAndAdd(IN_BLOCK, slot(), -1);
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
    return callerMayBeInBlock() && h != null && h.inBlock();
  }
}
