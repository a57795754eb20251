package org.jnvm.memory;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;

/**
 * Raw access to off-heap memory. This is the only class in jnvm that loads and stores through an
 * {@code Unsafe}; every address it receives has already been bounds-checked by its caller.
 *
 * <p>It uses the JDK's internal {@code jdk.internal.misc.Unsafe} when java.base exports that package
 * to jnvm ({@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}, which the clwb backend
 * needs anyway), and {@code sun.misc.Unsafe} otherwise. The memory-access methods of the latter are
 * deprecated for removal: from JDK 24 on the JVM warns at their first use (JEP 498), and later
 * releases will refuse them. Both compile to the same instructions: {@link #INTERNAL} is a constant
 * the JIT folds, and each holder class is loaded only if it is the one in use, so a JVM without
 * the export never resolves the internal class.
 */
public final class Memory {
  /** Whether the internal Unsafe is in use; decided once, when the class is initialised. */
  private static final boolean INTERNAL = internalUsable();

  private static final long BUFFER_ADDRESS;
  private static final long ARRAY_BYTE_BASE;

  static {
    try {
      Field address = Buffer.class.getDeclaredField("address");
      if (INTERNAL) {
        BUFFER_ADDRESS = Internal.U.objectFieldOffset(address);
        ARRAY_BYTE_BASE = Internal.ARRAY_BYTE_BASE;
      } else {
        BUFFER_ADDRESS = Misc.U.objectFieldOffset(address);
        ARRAY_BYTE_BASE = sun.misc.Unsafe.ARRAY_BYTE_BASE_OFFSET;
      }
    } catch (NoSuchFieldException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Size of the unit that pwb writes back. */
  public static final int CACHE_LINE = 64;

  private Memory() {}

  public static byte getByte(long address) {
    return INTERNAL ? Internal.U.getByte(address) : Misc.U.getByte(address);
  }

  public static void putByte(long address, byte value) {
    if (INTERNAL) {
      Internal.U.putByte(address, value);
    } else {
      Misc.U.putByte(address, value);
    }
  }

  public static short getShort(long address) {
    return INTERNAL ? Internal.U.getShort(address) : Misc.U.getShort(address);
  }

  public static void putShort(long address, short value) {
    if (INTERNAL) {
      Internal.U.putShort(address, value);
    } else {
      Misc.U.putShort(address, value);
    }
  }

  public static char getChar(long address) {
    return INTERNAL ? Internal.U.getChar(address) : Misc.U.getChar(address);
  }

  public static void putChar(long address, char value) {
    if (INTERNAL) {
      Internal.U.putChar(address, value);
    } else {
      Misc.U.putChar(address, value);
    }
  }

  public static int getInt(long address) {
    return INTERNAL ? Internal.U.getInt(address) : Misc.U.getInt(address);
  }

  public static void putInt(long address, int value) {
    if (INTERNAL) {
      Internal.U.putInt(address, value);
    } else {
      Misc.U.putInt(address, value);
    }
  }

  public static long getLong(long address) {
    return INTERNAL ? Internal.U.getLong(address) : Misc.U.getLong(address);
  }

  public static void putLong(long address, long value) {
    if (INTERNAL) {
      Internal.U.putLong(address, value);
    } else {
      Misc.U.putLong(address, value);
    }
  }

  public static float getFloat(long address) {
    return INTERNAL ? Internal.U.getFloat(address) : Misc.U.getFloat(address);
  }

  public static void putFloat(long address, float value) {
    if (INTERNAL) {
      Internal.U.putFloat(address, value);
    } else {
      Misc.U.putFloat(address, value);
    }
  }

  public static double getDouble(long address) {
    return INTERNAL ? Internal.U.getDouble(address) : Misc.U.getDouble(address);
  }

  public static void putDouble(long address, double value) {
    if (INTERNAL) {
      Internal.U.putDouble(address, value);
    } else {
      Misc.U.putDouble(address, value);
    }
  }

  /** A 64-bit store that other threads observe whole and in order; used for words that publish. */
  public static void putLongVolatile(long address, long value) {
    if (INTERNAL) {
      Internal.U.putLongVolatile(null, address, value);
    } else {
      Misc.U.putLongVolatile(null, address, value);
    }
  }

  public static long getLongVolatile(long address) {
    return INTERNAL ? Internal.U.getLongVolatile(null, address) : Misc.U.getLongVolatile(null, address);
  }

  public static boolean compareAndSwapLong(long address, long expected, long value) {
    return INTERNAL ? Internal.U.compareAndSetLong(null, address, expected, value) : Misc.U.compareAndSwapLong(null, address, expected, value);
  }

  public static void setMemory(long address, long length, byte value) {
    if (INTERNAL) {
      Internal.U.setMemory(address, length, value);
    } else {
      Misc.U.setMemory(address, length, value);
    }
  }

  public static void copy(long from, long to, long length) {
    if (INTERNAL) {
      Internal.U.copyMemory(from, to, length);
    } else {
      Misc.U.copyMemory(from, to, length);
    }
  }

  public static void copyToArray(long from, byte[] to, int offset, int length) {
    long at = ARRAY_BYTE_BASE + offset;
    if (INTERNAL) {
      Internal.U.copyMemory(null, from, to, at, length);
    } else {
      Misc.U.copyMemory(null, from, to, at, length);
    }
  }

  public static void copyFromArray(byte[] from, int offset, long to, int length) {
    long at = ARRAY_BYTE_BASE + offset;
    if (INTERNAL) {
      Internal.U.copyMemory(from, at, null, to, length);
    } else {
      Misc.U.copyMemory(from, at, null, to, length);
    }
  }

  /** Prevents the JIT from moving stores across this point; emits no instruction on x86. */
  public static void storeFence() {
    if (INTERNAL) {
      Internal.U.storeFence();
    } else {
      Misc.U.storeFence();
    }
  }

  /** The native address of a direct or mapped buffer's first byte. */
  public static long addressOf(MappedByteBuffer buffer) {
    return INTERNAL ? Internal.U.getLong(buffer, BUFFER_ADDRESS) : Misc.U.getLong(buffer, BUFFER_ADDRESS);
  }

  /** Which Unsafe is in use, for the log line that names the backend. */
  public static String implementation() {
    return INTERNAL ? "jdk.internal.misc.Unsafe" : "sun.misc.Unsafe";
  }

  /**
   * True when java.base exports jdk.internal.misc to jnvm and every internal method this class
   * calls links. The internal class is not an API: a JDK may rename or change a method, and then
   * this class falls back to sun.misc.Unsafe rather than fail at its first access. The probe
   * resolves the very constant-pool entries the accessors use, since it calls them from this class.
   */
  private static boolean internalUsable() {
    if (!Object.class.getModule().isExported("jdk.internal.misc", Memory.class.getModule())) {
      return false;
    }
    try {
      jdk.internal.misc.Unsafe u = Internal.U;
      long at = u.allocateMemory(2 * CACHE_LINE);
      try {
        u.setMemory(at, 2 * CACHE_LINE, (byte) 0);
        u.putByte(at, u.getByte(at));
        u.putShort(at, u.getShort(at));
        u.putChar(at, u.getChar(at));
        u.putInt(at, u.getInt(at));
        u.putLong(at, u.getLong(at));
        u.putFloat(at, u.getFloat(at));
        u.putDouble(at, u.getDouble(at));
        u.putLongVolatile(null, at, u.getLongVolatile(null, at));
        u.compareAndSetLong(null, at, 0, 0);
        u.copyMemory(at, at + CACHE_LINE, CACHE_LINE);
        byte[] bytes = new byte[8];
        long base = Internal.ARRAY_BYTE_BASE;
        u.copyMemory(null, at, bytes, base, bytes.length);
        u.copyMemory(bytes, base, null, at, bytes.length);
        u.storeFence();
        u.getLong(ByteBuffer.allocateDirect(8), u.objectFieldOffset(Buffer.class.getDeclaredField("address")));
      } finally {
        u.freeMemory(at);
      }
      return true;
    } catch (LinkageError | ReflectiveOperationException e) {
      return false;
    }
  }

  /** Loaded only when java.base exports jdk.internal.misc to jnvm. */
  private static final class Internal {
    static final jdk.internal.misc.Unsafe U = jdk.internal.misc.Unsafe.getUnsafe();
    /** Read reflectively: the field is an int in JDK 17 and a long in later JDKs. */
    static final long ARRAY_BYTE_BASE = arrayByteBase();

    private static long arrayByteBase() {
      try {
        return ((Number) jdk.internal.misc.Unsafe.class.getField("ARRAY_BYTE_BASE_OFFSET").get(null)).longValue();
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }
  }

  /** Loaded only when it does not. */
  private static final class Misc {
    static final sun.misc.Unsafe U = load();

    private static sun.misc.Unsafe load() {
      try {
        Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        return (sun.misc.Unsafe) f.get(null);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }
  }
}
