package org.jnvm.heap;

import org.jnvm.errors.Errors;
import org.jnvm.heap.format.BlockHeader;
import org.jnvm.heap.format.Geometry;
import org.jnvm.heap.format.PoolBlock;
import org.jnvm.heap.registry.ClassRegistry;
import org.jnvm.memory.Memory;
import org.jnvm.persist.Persistence;

/**
 * Where an object's validity lives: the valid bit of its master block's header, or, for a pooled
 * object, its slot's bit in the pool block's bitmap. Every reference read from the heap is checked
 * here before it is used.
 */
final class Headers {
  private final String path;
  private final Geometry geometry;
  private final Mapping mapping;
  private final ClassRegistry registry;
  private final Persistence persistence;

  Headers(String path, Geometry geometry, Mapping mapping, ClassRegistry registry, Persistence persistence) {
    this.path = path;
    this.geometry = geometry;
    this.mapping = mapping;
    this.registry = registry;
    this.persistence = persistence;
  }

  /** The address of a block's header word. */
  long address(long block) {
    return mapping.address(geometry.headerOffset(block));
  }

  long word(long block) {
    return Memory.getLong(address(block));
  }

  /** Stores a header and writes it back, without a fence. */
  void write(long block, long word) {
    long at = address(block);
    Memory.putLong(at, word);
    persistence.pwb(at);
  }

  /** The header of the block that holds {@code offset}. */
  long of(long offset) {
    return word(offset >>> geometry.blockShift());
  }

  /**
   * Checks that {@code offset}, read from the heap, can start an object: the start of a master data
   * block of a registered class, or the start of a slot in a pool block. Returns the block.
   */
  long checkedReference(long offset) {
    long block = offset >>> geometry.blockShift();
    if (offset <= 0 || !geometry.isDataBlock(block)) {
      throw Errors.badReference(path, offset);
    }
    long header = word(block);
    ClassRegistry.Entry entry = registry.entry(BlockHeader.classId(header));
    if (entry == null) {
      throw Errors.dangling(path, offset);
    }
    if (BlockHeader.hasReservedBits(header)) {
      throw Errors.corrupt(path, "the object at offset " + offset + " has a bad header " + Long.toHexString(header));
    }
    boolean inside = isPooled(offset);
    if (inside != entry.isPool() || (inside && poolOf(entry).slotAt(offset & geometry.blockMask()) < 0)) {
      throw Errors.dangling(path, offset);
    }
    return block;
  }

  /** A pooled object's reference points inside its block; any other object's starts a block. */
  boolean isPooled(long offset) {
    return (offset & geometry.blockMask()) != 0;
  }

  /** Sets an object's valid bit and writes it back. */
  void setValid(long offset) {
    if (isPooled(offset)) {
      updateSlotBit(offset, true);
      return;
    }
    long at = address(offset >>> geometry.blockShift());
    Memory.putLong(at, Memory.getLong(at) | BlockHeader.VALID);
    persistence.pwb(at);
  }

  boolean isValid(long offset) {
    if (isPooled(offset)) {
      return (Memory.getLong(slotWord(offset)) & slotBit(offset)) != 0;
    }
    return BlockHeader.isValid(of(offset));
  }

  /** Clears a pooled object's valid bit, or zeroes a master's whole header, and writes it back. */
  void invalidate(long offset) {
    if (isPooled(offset)) {
      updateSlotBit(offset, false);
      return;
    }
    write(offset >>> geometry.blockShift(), 0);
  }

  /** Writes back the word that holds an object's valid bit. */
  void pwb(long offset) {
    persistence.pwb(isPooled(offset) ? slotWord(offset) : address(offset >>> geometry.blockShift()));
  }

  private void updateSlotBit(long offset, boolean valid) {
    long word = slotWord(offset);
    long bit = slotBit(offset);
    // Other slots of the block change concurrently, so the word is updated with a CAS.
    long w = Memory.getLongVolatile(word);
    while (!Memory.compareAndSwapLong(word, w, valid ? w | bit : w & ~bit)) {
      w = Memory.getLongVolatile(word);
    }
    persistence.pwb(word);
  }

  private PoolBlock poolOf(ClassRegistry.Entry entry) {
    return new PoolBlock(geometry.blockSize(), entry.slotSize());
  }

  private int slotIndex(long offset) {
    ClassRegistry.Entry entry = registry.entry(BlockHeader.classId(of(offset)));
    return poolOf(entry).slotAt(offset & geometry.blockMask());
  }

  private long slotWord(long offset) {
    return mapping.address((offset & ~geometry.blockMask()) + PoolBlock.bitmapWord(slotIndex(offset)));
  }

  private long slotBit(long offset) {
    return PoolBlock.bit(slotIndex(offset));
  }
}
