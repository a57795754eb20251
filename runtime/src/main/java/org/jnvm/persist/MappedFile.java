package org.jnvm.persist;

import java.nio.MappedByteBuffer;
import java.nio.file.Path;

/**
 * A heap file as its backends see it: a sequence of mapped chunks. Chunks are not contiguous in
 * the address space, because one {@link MappedByteBuffer} maps at most 2 GiB.
 */
public interface MappedFile {
  Path path();

  int chunkCount();

  MappedByteBuffer chunk(int index);

  /** Native address of the chunk's first byte. */
  long chunkAddress(int index);

  /** The chunk's length in bytes. */
  long chunkLength(int index);

  /** The chunk that holds {@code address}, or -1 if no chunk does. */
  default int chunkIndexOf(long address) {
    for (int i = 0; i < chunkCount(); i++) {
      long start = chunkAddress(i);
      if (address >= start && address - start < chunkLength(i)) {
        return i;
      }
    }
    return -1;
  }
}
