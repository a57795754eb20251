package org.jnvm.persist;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.jnvm.errors.Errors;

/**
 * Cache-line write-back through the JDK's own intrinsics in {@code jdk.internal.misc.Unsafe}, which
 * C2 compiles to CLWB (or CLFLUSHOPT) per line and SFENCE. This is the paper's emulated-NVMM backend
 * on a tmpfs file, and the real one on persistent memory mapped with DAX.
 *
 * <p>With {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED}, pwb binds to the private
 * per-line intrinsic and pfence to the post-sync (SFENCE), so pwbs batch under one fence, as the
 * paper intends. With only {@code --add-exports}, pwb goes through the public {@code
 * writebackMemory}, which fences after each call: still correct, since every pwb then completes
 * before the next store, but it spends one SFENCE per pwb.
 */
final class ClwbPersistence implements Persistence {
  static final String NAME = "clwb";
  static final String EXPORTS = "--add-exports java.base/jdk.internal.misc=ALL-UNNAMED";
  static final String OPENS = "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED";

  private final boolean perLine;

  private ClwbPersistence(boolean perLine) {
    this.perLine = perLine;
  }

  /** Throws a {@link PersistenceUnavailableException} that says which flag is missing. */
  static Persistence create() {
    Intrinsics.check();
    return new ClwbPersistence(Intrinsics.WRITEBACK_LINE != null);
  }

  static boolean available() {
    return Intrinsics.FAILURE == null;
  }

  @Override
  public String description() {
    return NAME + (perLine ? " (per-line write-back: CLWB, or CLFLUSHOPT where the JVM does not use CLWB on this CPU; SFENCE at pfence)" : " (writebackMemory per pwb; add " + OPENS + " to batch)");
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void pwb(long address) {
    try {
      if (perLine) {
        Intrinsics.WRITEBACK_LINE.invokeExact(Intrinsics.UNSAFE, address);
      } else {
        Intrinsics.WRITEBACK_MEMORY.invokeExact(Intrinsics.UNSAFE, address, 1L);
      }
    } catch (Throwable t) {
      throw Throwables.unchecked(t);
    }
  }

  @Override
  public void pwb(long address, long length) {
    if (!perLine) {
      try {
        Intrinsics.WRITEBACK_MEMORY.invokeExact(Intrinsics.UNSAFE, address, length);
      } catch (Throwable t) {
        throw Throwables.unchecked(t);
      }
      return;
    }
    Persistence.super.pwb(address, length);
  }

  @Override
  public void pfence() {
    if (perLine) {
      try {
        Intrinsics.POST_SYNC.invokeExact(Intrinsics.UNSAFE);
        Intrinsics.PRE_SYNC.invokeExact(Intrinsics.UNSAFE);
      } catch (Throwable t) {
        throw Throwables.unchecked(t);
      }
    } else {
      // Every pwb already ended with SFENCE; only the JIT's reordering is left to stop.
      org.jnvm.memory.Memory.storeFence();
    }
  }

  @Override
  public void psync() {
    // SFENCE after CLWB waits for the write-backs to be accepted by the memory controller, which
    // is the persistence domain on ADR platforms: pfence and psync are the same instruction.
    pfence();
  }

  /** Holds the method handles as constants so that C2 inlines the intrinsics behind them. */
  private static final class Intrinsics {
    static final Object UNSAFE;
    static final MethodHandle WRITEBACK_MEMORY;
    static final MethodHandle WRITEBACK_LINE;
    static final MethodHandle PRE_SYNC;
    static final MethodHandle POST_SYNC;
    static final String FAILURE;

    static {
      Object unsafe = null;
      MethodHandle memory = null;
      MethodHandle line = null;
      MethodHandle pre = null;
      MethodHandle post = null;
      String failure = null;
      try {
        Class<?> type = Class.forName("jdk.internal.misc.Unsafe");
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        unsafe = lookup.findStatic(type, "getUnsafe", MethodType.methodType(type)).invoke();
        memory =
            lookup
                .findVirtual(type, "writebackMemory", MethodType.methodType(void.class, long.class, long.class))
                .asType(MethodType.methodType(void.class, Object.class, long.class, long.class));
        boolean enabled =
            (boolean) lookup.findStatic(type, "isWritebackEnabled", MethodType.methodType(boolean.class)).invoke();
        if (!enabled) {
          failure = "this JVM and platform do not support cache-line write-back (Unsafe.isWritebackEnabled() is false)";
        } else {
          failure = CompilerCheck.writebackHazard();
        }
        try {
          MethodHandles.Lookup inside = MethodHandles.privateLookupIn(type, lookup);
          MethodType noArgs = MethodType.methodType(void.class);
          line =
              inside
                  .findVirtual(type, "writeback0", MethodType.methodType(void.class, long.class))
                  .asType(MethodType.methodType(void.class, Object.class, long.class));
          pre = inside.findVirtual(type, "writebackPreSync0", noArgs).asType(MethodType.methodType(void.class, Object.class));
          post = inside.findVirtual(type, "writebackPostSync0", noArgs).asType(MethodType.methodType(void.class, Object.class));
        } catch (IllegalAccessException | NoSuchMethodException notOpened) {
          line = null;
          pre = null;
          post = null;
        }
      } catch (IllegalAccessException | IllegalAccessError e) {
        failure = "java.base does not export jdk.internal.misc to jnvm; add " + EXPORTS + " to the java command line";
      } catch (Throwable t) {
        failure = "the JDK's write-back intrinsics could not be bound: " + t;
      }
      UNSAFE = unsafe;
      WRITEBACK_MEMORY = memory;
      WRITEBACK_LINE = line;
      PRE_SYNC = pre;
      POST_SYNC = post;
      FAILURE = failure;
    }

    static void check() {
      if (FAILURE != null) {
        throw Errors.backendUnavailable(NAME, FAILURE);
      }
    }

  }
}
