package org.jnvm.heap;

import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.format.BlockHeader;
import org.jnvm.heap.format.Geometry;
import org.jnvm.heap.registry.ClassRegistry;
import org.jnvm.memory.Memory;

/**
 * One proxy that visits objects of one class in turn: {@link #moveTo} points it at the object at an
 * offset and returns it. A pass over many objects then makes no proxy and no handle per object,
 * and reads nothing on the Java heap but the cursor's: the flyweight of off-heap buffer libraries.
 * A scan that keeps each object's offset (its persistent reference) rather than a proxy of it
 * streams 8 bytes of Java heap per object instead of a proxy and its handle, and a random visit
 * misses the cache once, on the object, rather than on the proxy first.
 *
 * <p>Each move checks the offset and the object's header as {@link Heap#resurrect(long)} does,
 * and that the object is of the cursor's class; then the proxy reads and writes the object as any
 * proxy does, direct access and failure-atomic blocks included, and runs its {@code resurrect()}
 * again if its class has one.
 *
 * <p>The proxy belongs to the cursor and moves with it: keep an object's offset, or a proxy of its
 * own from {@link Heap#resurrect(long)}, never the proxy a move returned. After a free through
 * the proxy, move the cursor before using it again. A cursor serves one thread. It visits objects
 * of one block or of a pool slot, so it takes classes whose layout fits one block.
 */
public final class Cursor<T extends PObject> {
  private final Heap heap;
  private final PClass<T> type;
  private Handle handle;
  private T proxy;
  /** The class id (block or pool) of the last object visited, and the capacity of its objects. */
  private int knownId;
  private long knownCapacity;
  /** The header word, valid bit aside, of a one-block object of that class; 0 after a pooled one. */
  private long knownHeader;
  private final boolean resurrects;
  /**
   * The heap's geometry, worked out once: the bounds of the data blocks' offsets, and where a
   * block's header is (a block's offset shifted right by {@code headerShift} is its header's
   * distance into the header table, at 8 bytes a block).
   */
  private final long blockMask;
  private final long firstDataOffset;
  private final long endOffset;
  private final long headerTable;
  private final int headerShift;

  Cursor(Heap heap, PClass<T> type) {
    int blockSize = heap.geometry().blockSize();
    if (type.layout().tail().isPresent() || type.layout().size() > blockSize) {
      throw Errors.cursorNeedsOneBlock(type.name(), blockSize);
    }
    this.heap = heap;
    this.type = type;
    this.resurrects = type.overridesResurrect();
    Geometry geometry = heap.geometry();
    this.blockMask = geometry.blockMask();
    this.firstDataOffset = geometry.blockOffset(geometry.firstDataBlock());
    this.endOffset = geometry.blockOffset(geometry.blockCount());
    this.headerTable = geometry.headerTableOffset();
    this.headerShift = Integer.numberOfTrailingZeros(geometry.blockSize()) - 3;
  }

  /**
   * The cursor's proxy, now on the object at {@code offset}.
   *
   * @throws org.jnvm.errors.HeapCorruptedException if no object starts at {@code offset}, or its
   *     header is damaged
   * @throws ClassCastException if the object there is not of this cursor's class
   */
  public T moveTo(long offset) {
    // The common case in one test of the header word: a block of the class last seen, alone (no
    // next block) and without reserved bits. Everything else takes the checks of resurrect().
    if (knownHeader != 0 && (offset & blockMask) == 0 && offset >= firstDataOffset && offset < endOffset
        && (Memory.getLong(heap.mapping().address(headerTable + (offset >>> headerShift))) & ~BlockHeader.VALID) == knownHeader) {
      handle.moveTo(offset, heap.addressOf(offset), knownCapacity, knownId);
      if (resurrects) {
        proxy.resurrect();
      }
      return proxy;
    }
    return moveChecked(offset);
  }

  private T moveChecked(long offset) {
    knownHeader = 0; // until this move succeeds: it may learn another class, then throw
    long block = heap.headers.checkedReference(offset);
    long header = heap.headers.word(block);
    int id = BlockHeader.classId(header);
    if (id != knownId) {
      learn(id, offset);
    }
    boolean pooled = heap.headers.isPooled(offset);
    if (!pooled && BlockHeader.next(header) != 0) {
      throw Errors.corrupt(heap.path(), "the object at offset " + offset + " has more than 1 block, its layout needs 1");
    }
    long address = heap.addressOf(offset);
    if (handle == null) {
      handle = Handle.moving(heap, offset, address, knownCapacity, id);
      proxy = type.attach(handle);
    } else {
      handle.moveTo(offset, address, knownCapacity, id);
      if (resurrects) {
        proxy.resurrect();
      }
    }
    // Set last: the fast path takes a cursor with a known header to have its handle and proxy.
    knownHeader = pooled ? 0 : BlockHeader.master(id, 0);
    return proxy;
  }

  /** The offset of the object the cursor is on; 0 before the first move. */
  public long offset() {
    return handle == null ? 0 : handle.offset();
  }

  /** Checks that class id {@code id}, registered, is this cursor's class, and keeps its capacity. */
  private void learn(int id, long offset) {
    ClassRegistry.Entry entry = heap.registry().entry(id);
    PClass<?> found = heap.registry().resolve(entry);
    if (found.type() != type.type()) {
      throw Errors.notOfCursorClass(offset, found.type(), type.type());
    }
    knownCapacity = entry.isPool() ? entry.slotSize() : heap.geometry().blockSize();
    knownId = id;
  }
}
