package org.jnvm.heap;

import org.jnvm.heap.format.Geometry;
import org.jnvm.heap.format.SuperBlock;
import org.jnvm.heap.registry.ClassRegistry;
import org.jnvm.memory.Memory;
import org.jnvm.persist.Persistence;
import org.jnvm.recovery.HeapView;

/** Recovery's window on a heap that is being opened. */
final class RecoveryView implements HeapView {
  private final Heap heap;

  RecoveryView(Heap heap) {
    this.heap = heap;
  }

  @Override
  public String path() {
    return heap.path();
  }

  @Override
  public Geometry geometry() {
    return heap.geometry;
  }

  @Override
  public Persistence persistence() {
    return heap.persistence;
  }

  @Override
  public ClassRegistry registry() {
    return heap.registry();
  }

  @Override
  public long headerAddress(long block) {
    return heap.headers.address(block);
  }

  @Override
  public long blockAddress(long block) {
    return heap.addressOf(heap.geometry.blockOffset(block));
  }

  @Override
  public long[] rootWords() {
    long[] words = heap.roots().referenceWords().stream().mapToLong(Long::longValue).toArray();
    long[] all = java.util.Arrays.copyOf(words, words.length + 1);
    all[words.length] = heap.superWord(SuperBlock.LOG_DIRECTORY_AT);
    return all;
  }

  @Override
  public long bumpPointer() {
    return Memory.getLong(heap.superWord(SuperBlock.BUMP_AT));
  }
}
