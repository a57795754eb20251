package org.jnvm.heap.format;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.jnvm.memory.Memory;

/** Text stored in a heap file: UTF-8, decoded strictly, since the file is untrusted. */
public final class Utf8 {
  private Utf8() {}

  /** The text at {@code address}, or null if the bytes are not well-formed UTF-8. */
  public static String read(long address, int length) {
    byte[] bytes = new byte[length];
    Memory.copyToArray(address, bytes, 0, length);
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }
}
