package org.jnvm.persist;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import org.jnvm.errors.Errors;

/**
 * For a JVM built with the patch in {@code hotspot-patch/}: it adds {@code sun.misc.Unsafe.pwb(long)},
 * {@code pfence()} and {@code psync()} as intrinsics. They are found reflectively and bound as
 * constant method handles, so this class compiles and loads on any JDK.
 */
final class PatchedPersistence implements Persistence {
  static final String NAME = "patched";

  static Persistence create() {
    if (Patch.FAILURE != null) {
      throw Errors.backendUnavailable(NAME, Patch.FAILURE);
    }
    return new PatchedPersistence();
  }

  static boolean available() {
    return Patch.FAILURE == null;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void pwb(long address) {
    try {
      Patch.PWB.invokeExact(Patch.UNSAFE, address);
    } catch (Throwable t) {
      throw Throwables.unchecked(t);
    }
  }

  @Override
  public void pfence() {
    try {
      Patch.PFENCE.invokeExact(Patch.UNSAFE);
    } catch (Throwable t) {
      throw Throwables.unchecked(t);
    }
  }

  @Override
  public void psync() {
    try {
      Patch.PSYNC.invokeExact(Patch.UNSAFE);
    } catch (Throwable t) {
      throw Throwables.unchecked(t);
    }
  }

  private static final class Patch {
    static final Object UNSAFE;
    static final MethodHandle PWB;
    static final MethodHandle PFENCE;
    static final MethodHandle PSYNC;
    static final String FAILURE;

    static {
      Object unsafe = null;
      MethodHandle pwb = null;
      MethodHandle pfence = null;
      MethodHandle psync = null;
      String failure = null;
      try {
        Class<?> type = Class.forName("sun.misc.Unsafe");
        Field theUnsafe = type.getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        unsafe = theUnsafe.get(null);
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        MethodType noArgs = MethodType.methodType(void.class);
        MethodType generic = MethodType.methodType(void.class, Object.class);
        pwb =
            lookup
                .findVirtual(type, "pwb", MethodType.methodType(void.class, long.class))
                .asType(MethodType.methodType(void.class, Object.class, long.class));
        pfence = lookup.findVirtual(type, "pfence", noArgs).asType(generic);
        psync = lookup.findVirtual(type, "psync", noArgs).asType(generic);
      } catch (NoSuchMethodException e) {
        failure =
            "this JVM has no sun.misc.Unsafe.pwb/pfence/psync; it is not built with hotspot-patch/ "
                + "(use the clwb backend on a stock JDK)";
      } catch (ReflectiveOperationException | RuntimeException e) {
        failure = "sun.misc.Unsafe could not be reached: " + e;
      }
      UNSAFE = unsafe;
      PWB = pwb;
      PFENCE = pfence;
      PSYNC = psync;
      FAILURE = failure;
    }

  }
}
