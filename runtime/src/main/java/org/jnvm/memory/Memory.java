package org.jnvm.memory;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.MappedByteBuffer;
import sun.misc.Unsafe;

/**
 * Raw access to off-heap memory. This is the only class in jnvm that touches {@code sun.misc.Unsafe}
 * for loads and stores; every address it receives has already been bounds-checked by its caller.
 */
public final class Memory {
  private static final Unsafe U = loadUnsafe();
  private static final long BUFFER_ADDRESS = fieldOffset(Buffer.class, "address");

  /** Size of the unit that pwb writes back. */
  public static final int CACHE_LINE = 64;

  private Memory() {}

  public static byte getByte(long address) {
    return U.getByte(address);
  }

  public static void putByte(long address, byte value) {
    U.putByte(address, value);
  }

  public static short getShort(long address) {
    return U.getShort(address);
  }

  public static void putShort(long address, short value) {
    U.putShort(address, value);
  }

  public static char getChar(long address) {
    return U.getChar(address);
  }

  public static void putChar(long address, char value) {
    U.putChar(address, value);
  }

  public static int getInt(long address) {
    return U.getInt(address);
  }

  public static void putInt(long address, int value) {
    U.putInt(address, value);
  }

  public static long getLong(long address) {
    return U.getLong(address);
  }

  public static void putLong(long address, long value) {
    U.putLong(address, value);
  }

  public static float getFloat(long address) {
    return U.getFloat(address);
  }

  public static void putFloat(long address, float value) {
    U.putFloat(address, value);
  }

  public static double getDouble(long address) {
    return U.getDouble(address);
  }

  public static void putDouble(long address, double value) {
    U.putDouble(address, value);
  }

  /** A 64-bit store that other threads observe whole and in order; used for words that publish. */
  public static void putLongVolatile(long address, long value) {
    U.putLongVolatile(null, address, value);
  }

  public static long getLongVolatile(long address) {
    return U.getLongVolatile(null, address);
  }

  public static boolean compareAndSwapLong(long address, long expected, long value) {
    return U.compareAndSwapLong(null, address, expected, value);
  }

  public static void setMemory(long address, long length, byte value) {
    U.setMemory(address, length, value);
  }

  public static void copy(long from, long to, long length) {
    U.copyMemory(from, to, length);
  }

  public static void copyToArray(long from, byte[] to, int offset, int length) {
    U.copyMemory(null, from, to, Unsafe.ARRAY_BYTE_BASE_OFFSET + (long) offset, length);
  }

  public static void copyFromArray(byte[] from, int offset, long to, int length) {
    U.copyMemory(from, Unsafe.ARRAY_BYTE_BASE_OFFSET + (long) offset, null, to, length);
  }

  /** Prevents the JIT from moving stores across this point; emits no instruction on x86. */
  public static void storeFence() {
    U.storeFence();
  }

  /** The native address of a direct or mapped buffer's first byte. */
  public static long addressOf(MappedByteBuffer buffer) {
    return U.getLong(buffer, BUFFER_ADDRESS);
  }

  private static Unsafe loadUnsafe() {
    try {
      Field f = Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      return (Unsafe) f.get(null);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private static long fieldOffset(Class<?> type, String name) {
    try {
      return U.objectFieldOffset(type.getDeclaredField(name));
    } catch (NoSuchFieldException e) {
      throw new ExceptionInInitializerError(e);
    }
  }
}
