package org.jnvm.recovery;

import org.jnvm.heap.format.Geometry;
import org.jnvm.heap.registry.ClassRegistry;
import org.jnvm.persist.Persistence;

/** What recovery needs of an opened heap: raw headers and words, never proxies. */
public interface HeapView {
  String path();

  Geometry geometry();

  Persistence persistence();

  ClassRegistry registry();

  /** The address of a block's header word. */
  long headerAddress(long block);

  /** The address of a block's first byte. */
  long blockAddress(long block);

  /** Addresses of the words that hold root references: the root table and the redo-log directory. */
  long[] rootWords();

  /** The persistent bump pointer: no block at or past it was ever handed out. */
  long bumpPointer();
}
