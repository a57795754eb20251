package org.jnvm.pdt;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.jnvm.heap.Handle;

/**
 * Copies byte arrays to and from an object's byte tail eight bytes at a time. The tail starts on an
 * 8-byte boundary and blocks are multiples of 8 bytes, so a word never spans two blocks.
 */
final class ByteTail {
  private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private ByteTail() {}

  static void write(Handle handle, long at, byte[] bytes) {
    int i = 0;
    for (; i + Long.BYTES <= bytes.length; i += Long.BYTES) {
      handle.putLong(at + i, (long) WORDS.get(bytes, i));
    }
    for (; i < bytes.length; i++) {
      handle.putByte(at + i, bytes[i]);
    }
  }

  static byte[] read(Handle handle, long at, int length) {
    byte[] bytes = new byte[length];
    int i = 0;
    for (; i + Long.BYTES <= length; i += Long.BYTES) {
      WORDS.set(bytes, i, handle.getLong(at + i));
    }
    for (; i < length; i++) {
      bytes[i] = handle.getByte(at + i);
    }
    return bytes;
  }
}
