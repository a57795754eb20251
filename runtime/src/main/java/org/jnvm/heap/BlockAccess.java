package org.jnvm.heap;

import org.jnvm.errors.Errors;
import org.jnvm.heap.format.BlockHeader;
import org.jnvm.heap.format.Geometry;
import org.jnvm.heap.alloc.BlockAllocator;
import org.jnvm.heap.format.SuperBlock;

/**
 * What the failure-atomic layer does below objects: raw blocks for in-flight copies, headers,
 * and the superblock word that names the redo-log directory. Every block number passed in is
 * checked.
 */
public final class BlockAccess {
  private final Heap heap;

  BlockAccess(Heap heap) {
    this.heap = heap;
  }

  public Heap heap() {
    return heap;
  }

  public int blockSize() {
    return heap.geometry.blockSize();
  }

  /** A block that belongs to no object, for an in-flight copy; its header stays zero. */
  public long allocateBlock() {
    heap.checkOpen();
    long b = heap.allocator().allocate();
    if (b < 0) {
      throw Errors.outOfSpace(heap.path(), heap.geometry.blockSize(), 0);
    }
    return b & ~BlockAllocator.FRESH;
  }

  /** Returns a block no durable state refers to; it may be reused at once. */
  public void releaseBlock(long block) {
    heap.allocator().release(checked(block));
  }

  /** Returns a block that durable state may still name; reused after this thread's next pfence. */
  public void retireBlock(long block) {
    if (heap.allocator().free(checked(block))) {
      heap.pfence();
    }
  }

  /** True when {@code block} is a data block of this heap: a block number read from the file may be anything. */
  public boolean isBlockNumber(long block) {
    return heap.geometry.isDataBlock(block);
  }

  /** The number of blocks of the heap, the superblock's and the header table's included. */
  public long blockCount() {
    return heap.geometry.blockCount();
  }

  public long address(long block) {
    return heap.mapping().address(heap.geometry.blockOffset(checked(block)));
  }

  /** The block at an address inside the mapping. */
  public long blockAt(long address) {
    int chunk = heap.mapping().chunkIndexOf(address);
    if (chunk < 0) {
      throw Errors.outsideHeap(heap.path(), address);
    }
    long offset = ((long) chunk << Geometry.CHUNK_SHIFT) + (address - heap.mapping().chunkAddress(chunk));
    return offset >>> heap.geometry.blockShift();
  }

  /**
   * The number of the block at {@code address}, one of {@code handle}'s blocks: without searching
   * the mapping for the master block, whose number the object's offset gives.
   */
  public long blockOf(Handle handle, long address) {
    return address == handle.blockAddress(0) ? handle.offset() >>> heap.geometry.blockShift() : blockAt(address);
  }

  public boolean isValid(long offset) {
    heap.headers.checkedReference(offset);
    return heap.headers.isValid(offset);
  }

  /** Sets the valid bit of a master block and writes it back; no fence. */
  public void validate(long offset) {
    heap.headers.setValid(offset);
  }

  /** Replay of an allocation: sets the valid bit if {@code offset} still starts an object. */
  public void validateIfObject(long offset) {
    long block = offset >>> heap.geometry.blockShift();
    if (offset > 0 && heap.geometry.isDataBlock(block) && BlockHeader.isMaster(heap.headers.word(block))) {
      heap.headers.checkedReference(offset);
      heap.headers.setValid(offset);
    }
  }

  /** Replay of a free: invalidates the object; the recovery GC then reclaims its space. */
  public void invalidate(long offset) {
    long block = offset >>> heap.geometry.blockShift();
    if (offset > 0 && heap.geometry.isDataBlock(block) && BlockHeader.isMaster(heap.headers.word(block))) {
      heap.headers.checkedReference(offset);
      heap.headers.invalidate(offset);
    }
  }

  /** The address of a field, bypassing failure-atomic redirection; for the logs themselves. */
  public long rawAddress(Handle handle, long off) {
    return handle.direct(off, 8);
  }

  /** Frees an object whose proxy a block killed; {@code handle} stays unusable. */
  public void free(Handle handle) {
    heap.release(handle.offset(), heap.headers.of(handle.offset()));
  }

  public void kill(Handle handle) {
    handle.kill();
  }

  public void revive(Handle handle) {
    handle.revive();
  }

  /** The address of the superblock word holding the offset of the redo-log directory. */
  public long logDirectoryWord() {
    return heap.superWord(SuperBlock.LOG_DIRECTORY_AT);
  }

  private long checked(long block) {
    if (!heap.geometry.isDataBlock(block)) {
      throw Errors.corrupt(heap.path(), "block " + block + " is not a data block");
    }
    return block;
  }
}
