package org.jnvm.heap;

import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.memory.Memory;

/**
 * A proxy's link to its object's blocks: the typed reads and writes of the low-level interface.
 * Offsets are payload offsets, from 0 to the object's capacity; the runtime turns them into
 * addresses with an add for the master block and a shift and a mask beyond it, never a walk.
 *
 * <p>Every access checks its offset, so a wrong offset throws instead of touching another object,
 * and after {@link Heap#free(PObject)} through this handle every access throws {@link
 * org.jnvm.errors.FreedObjectException}. The check costs one compare on the fast path: {@code
 * masterSpan} is the number of bytes addressable in the master block, and freeing sets it to 0.
 *
 * <p>Failure-atomic blocks hook in here: while some thread is inside a block, reads and writes take
 * the slow path, where {@link InFlight} redirects them to the block's in-flight copies.
 *
 * <p>A generated proxy skips even the handle: {@link #bind} grants it the address of the master
 * block when its whole layout lies at that address plus its offsets (in the master block, or in
 * blocks that follow it in memory), which it uses while {@link #directAccessAllowed()} holds, and
 * which a free through this handle revokes.
 */
public final class Handle {
  private final Heap heap;
  // Not final, for a cursor's handle, which moveTo() points at another object; HotSpot does not
  // fold final instance fields into constants anyway, so this costs the other handles nothing.
  private long offset;
  private long master;
  /**
   * The address of each block, or null: for a pool slot, an object of one block, or one made from
   * its {@link #shape()}, whose blocks are consecutive.
   */
  private final long[] blocks;
  private long capacity;
  /**
   * True when every block follows the one before it in memory, as blocks taken together from the
   * bump pointer do: payload offset {@code off} is then at {@code master + off}, and a copy spans
   * the blocks in one run without loading {@code blocks}, one dependent miss fewer per access.
   */
  private final boolean consecutive;
  private int classId;
  private long masterSpan;
  /** Set for a {@link Cursor}'s handle, which {@link #moveTo} points at one object after another. */
  private boolean moves;
  private DirectAccess owner;
  private boolean directRefused;
  /** The heap zeroed reused blocks for this new object and left their write-back to it. */
  private boolean zeroesPending;
  /** Set once {@link #isKnownValid()} saw the object valid; see there. */
  private boolean seenValid;
  /** Set by {@link #contentWrittenBack()} and {@link #pwb()}: publication need not write the object back. */
  private boolean contentWrittenBack;
  /**
   * False while every reference this object holds was stored through this handle to an object it
   * had seen valid: publishing it then reads no other header. True for a handle of an existing
   * object, whose references it does not know.
   */
  private boolean mayReachNew = true;

  Handle(Heap heap, long offset, long master, long[] blocks, long capacity, int classId) {
    this.heap = heap;
    this.offset = offset;
    this.master = master;
    this.blocks = blocks;
    this.capacity = capacity;
    this.classId = classId;
    this.consecutive = consecutive(blocks, heap.geometry.blockSize());
    this.masterSpan = liveMasterSpan();
  }

  /** A {@link Cursor}'s handle, on its first object: one of a single block or pool slot. */
  static Handle moving(Heap heap, long offset, long master, long capacity, int classId) {
    Handle h = new Handle(heap, offset, master, null, capacity, classId);
    h.moves = true;
    return h;
  }

  /**
   * Points this handle, a {@link Cursor}'s, at another object of a single block or pool slot, and
   * gives its proxy that object's address if it had direct access. What the handle knew of the last
   * object (seen valid, pending write-backs, freed) goes with it.
   */
  void moveTo(long offset, long master, long capacity, int classId) {
    // A move is on the path of every object a cursor visits: it stores only what changes, and
    // reads the flags before clearing them.
    this.offset = offset;
    this.master = master;
    if (this.capacity != capacity || this.classId != classId) {
      this.capacity = capacity;
      this.classId = classId;
    }
    masterSpan = capacity; // a cursor's objects lie in one block or pool slot
    if (seenValid || zeroesPending || contentWrittenBack) {
      seenValid = false;
      zeroesPending = false;
      contentWrittenBack = false;
    }
    if (owner != null) {
      owner.directAccess(master, heap.persistence);
    }
  }

  /**
   * This handle, or, for a cursor's, a fixed copy on its current object: what a failure-atomic
   * block keeps to free the object when it commits, by which time the cursor may have moved on.
   */
  Handle pinned() {
    if (!moves) {
      return this;
    }
    Handle copy = new Handle(heap, offset, master, null, capacity, classId);
    copy.masterSpan = masterSpan;
    return copy;
  }

  private static boolean consecutive(long[] blocks, long blockSize) {
    if (blocks == null) {
      return true;
    }
    for (int i = 1; i < blocks.length; i++) {
      if (blocks[i] != blocks[i - 1] + blockSize) {
        return false;
      }
    }
    return true;
  }

  public Heap heap() {
    return heap;
  }

  /** The object's persistent reference: the file offset of its master block. */
  public long offset() {
    return offset;
  }

  /** Bytes the object can hold: its blocks times the block size. */
  public long capacity() {
    return capacity;
  }

  public int classId() {
    return classId;
  }

  public int blockCount() {
    if (blocks != null) {
      return blocks.length;
    }
    return (int) Math.max(1, capacity >>> heap.geometry.blockShift());
  }

  /**
   * Where the object's proxies can be made from without reading the heap's headers, packed in one
   * word for volatile indexes that keep where objects are rather than their proxies (a pdt map's
   * entries, for instance): its class id and its capacity. 0 when the object's blocks do not lie
   * one after another within one mapped chunk, or it was freed through this handle; then only
   * {@link Heap#resurrect(long)} will do. See {@link Heap#resurrect(long, long)}.
   */
  public long shape() {
    if (!consecutive || masterSpan == 0 || !Shapes.fits(offset, capacity)) {
      return 0;
    }
    return Shapes.pack(classId, capacity);
  }

  /**
   * True when the object was freed through this handle, or, for an object of whole blocks, through
   * any other: its master block then no longer holds an object of its class. (A block reused for a
   * new object of the same class cannot be told apart.)
   */
  public boolean isFreed() {
    return masterSpan == 0 || (!heap.headers.isPooled(offset) && org.jnvm.heap.format.BlockHeader.classId(heap.headers.of(offset)) != classId);
  }

  /**
   * True while a proxy may use the direct access that {@link #bind} granted it: while the calling
   * thread is not inside a failure-atomic block, since a block redirects only its own thread's
   * accesses to its in-flight copies. Until the first block of the process starts, compiled code
   * folds it to the constant true; after that it costs the load of the calling thread's count in
   * {@link InFlight}, a line no other thread writes, and a thread-local lookup only when that count
   * is not zero, so that one thread's block sends no other thread's accessors down the slow path.
   */
  public static boolean directAccessAllowed() {
    return !InFlight.callerMayBeInBlock() || !InFlight.callerInBlock();
  }

  /**
   * Grants {@code proxy}, this handle's proxy, the address of the master block when the {@code
   * span} bytes it accesses directly, from payload offset 0, lie in it, or in the blocks after it
   * when they all follow one another in memory, as blocks taken together from the bump pointer do
   * (a generated accessor's field never straddles two blocks; an inline byte field may, and is then
   * copied in one run); revoked when the object is
   * freed through this handle. Deciding for the whole span at once saves the proxy a bounds check
   * per access. A handle serves one proxy this way: if a second one binds, neither gets direct
   * access, so that a free through either is seen by both.
   */
  public void bind(DirectAccess proxy, long span) {
    if (span < 0) {
      throw Errors.negativeSpan(span);
    }
    if (owner == proxy) {
      return;
    }
    if (owner == null && !directRefused && span <= (consecutive ? capacity : liveMasterSpan())) {
      owner = proxy;
      proxy.directAccess(masterSpan == 0 ? 0 : master, heap.persistence);
      return;
    }
    if (owner != null) {
      owner.directAccess(0, heap.persistence);
      owner = null;
    }
    directRefused = true;
    proxy.directAccess(0, heap.persistence);
  }

  /** The bytes addressable in the master block while the object is alive. */
  private long liveMasterSpan() {
    return Math.min(capacity, heap.geometry.blockSize());
  }

  /** The address to read {@code width} bytes at payload offset {@code off} from. */
  public long address(long off, int width) {
    long direct = ownAddress(off, width);
    return callerOutsideBlocks() ? direct : readAddressWhileInBlocks(off, direct);
  }

  private long readAddressWhileInBlocks(long off, long direct) {
    InFlight hook = InFlight.hook();
    return hook == null ? direct : hook.readAddress(this, off, direct);
  }

  /** The address to write {@code width} bytes at payload offset {@code off} to. */
  long writableAddress(long off, int width) {
    long direct = ownAddress(off, width);
    return callerOutsideBlocks() ? direct : writeAddressWhileInBlocks(off, width, direct);
  }

  private long writeAddressWhileInBlocks(long off, int width, long direct) {
    InFlight hook = InFlight.hook();
    return hook == null ? direct : hook.writeAddress(this, off, width, direct);
  }

  /**
   * True while the calling thread is not inside a failure-atomic block (false, too, when a thread
   * that shares its slot in {@link InFlight} is). Otherwise {@link #address} and {@link
   * #writableAddress} ask the hook, which finds the thread's block, if any, with one thread-local
   * lookup: asking {@link #directAccessAllowed()} first would make that lookup twice. The hook, a
   * volatile field, is read only then, off the fast path.
   */
  private static boolean callerOutsideBlocks() {
    return !InFlight.callerMayBeInBlock();
  }

  /** The address of payload offset {@code off} in the object's own blocks: an add in the master block. */
  private long ownAddress(long off, int width) {
    return off >= 0 && off <= masterSpan - width ? master + off : direct(off, width);
  }

  /** The address in the object's own blocks, after every check. */
  long direct(long off, int width) {
    if (masterSpan == 0) {
      throw Errors.freed(offset);
    }
    if (off < 0 || off > capacity - width) {
      throw Errors.outOfObject(off, width, capacity);
    }
    if (off <= masterSpan - width) {
      return master + off;
    }
    long inBlock = off & heap.geometry.blockMask();
    if (inBlock + width > heap.geometry.blockSize()) {
      throw Errors.spansBlocks(off, width);
    }
    return consecutive ? master + off : blocks[(int) (off >>> heap.geometry.blockShift())] + inBlock;
  }

  /** The address of the block holding payload offset {@code off}; for the failure-atomic layer. */
  public long blockAddress(long off) {
    if (off < heap.geometry.blockSize()) {
      return master;
    }
    return blocks == null ? master + (off & ~heap.geometry.blockMask()) : blocks[(int) (off >>> heap.geometry.blockShift())];
  }

  public boolean getBoolean(long off) {
    return Memory.getByte(address(off, 1)) != 0;
  }

  public void putBoolean(long off, boolean v) {
    Memory.putByte(writableAddress(off, 1), v ? (byte) 1 : (byte) 0);
  }

  public byte getByte(long off) {
    return Memory.getByte(address(off, 1));
  }

  public void putByte(long off, byte v) {
    Memory.putByte(writableAddress(off, 1), v);
  }

  public short getShort(long off) {
    return Memory.getShort(address(off, 2));
  }

  public void putShort(long off, short v) {
    Memory.putShort(writableAddress(off, 2), v);
  }

  public char getChar(long off) {
    return Memory.getChar(address(off, 2));
  }

  public void putChar(long off, char v) {
    Memory.putChar(writableAddress(off, 2), v);
  }

  public int getInt(long off) {
    return Memory.getInt(address(off, 4));
  }

  public void putInt(long off, int v) {
    Memory.putInt(writableAddress(off, 4), v);
  }

  public float getFloat(long off) {
    return Memory.getFloat(address(off, 4));
  }

  public void putFloat(long off, float v) {
    Memory.putFloat(writableAddress(off, 4), v);
  }

  public long getLong(long off) {
    return Memory.getLong(address(off, 8));
  }

  public void putLong(long off, long v) {
    Memory.putLong(writableAddress(off, 8), v);
  }

  public double getDouble(long off) {
    return Memory.getDouble(address(off, 8));
  }

  public void putDouble(long off, double v) {
    Memory.putDouble(writableAddress(off, 8), v);
  }

  /** The object a reference field points to, with a fresh proxy; null for a null reference. */
  public PObject getRef(long off) {
    return heap.resurrect(Memory.getLong(address(off, 8)));
  }

  /**
   * Like {@link #getRef(long)}, and checks the type before it attaches a proxy, so a damaged heap
   * gives a clear error and never runs the {@code resurrect()} of an object of another class.
   */
  public <T extends PObject> T getRef(long off, Class<T> type) {
    long target = Memory.getLong(address(off, 8));
    if (target == 0) {
      return null;
    }
    Handle h = heap.handle(target);
    PClass<?> found = heap.classOf(h);
    if (!type.isAssignableFrom(found.type())) {
      throw Errors.wrongReferenceType(offset, off, found.type(), type);
    }
    return type.cast(found.attach(h));
  }

  /** The raw reference stored at {@code off}: a file offset, or 0. */
  public long getRefOffset(long off) {
    return Memory.getLong(address(off, 8));
  }

  /**
   * Stores a raw reference read from another field, such as when an array is copied; it is
   * checked to name an object of this heap, or to be 0.
   */
  public void putRefOffset(long off, long reference) {
    if (reference != 0) {
      heap.headers.checkedReference(reference);
    }
    Memory.putLong(writableAddress(off, 8), reference);
  }

  /**
   * Copies {@code length} bytes at {@code off} into {@code to}, one run of adjacent blocks at a
   * time. A range that does not lie wholly in the object throws before anything is copied.
   */
  public void getBytes(long off, byte[] to, int from, int length) {
    java.util.Objects.checkFromIndexSize(from, length, to.length);
    checkRange(off, length);
    boolean ownBlocks = directAccessAllowed();
    int done = 0;
    while (done < length) {
      int n = chunk(off + done, length - done);
      long at = address(off + done, n);
      n = ownBlocks ? adjacent(off + done, n, length - done) : n;
      Memory.copyToArray(at, to, from + done, n);
      done += n;
    }
  }

  /**
   * Writes {@code length} bytes of {@code from} at {@code off}, one run of adjacent blocks at a
   * time. A range that does not lie wholly in the object throws before anything is written.
   */
  public void putBytes(long off, byte[] from, int start, int length) {
    java.util.Objects.checkFromIndexSize(start, length, from.length);
    checkRange(off, length);
    boolean ownBlocks = directAccessAllowed();
    int done = 0;
    while (done < length) {
      int n = chunk(off + done, length - done);
      long at = writableAddress(off + done, n);
      n = ownBlocks ? adjacent(off + done, n, length - done) : n;
      Memory.copyFromArray(from, start + done, at, n);
      done += n;
    }
  }

  private void checkRange(long off, int length) {
    if (off < 0 || off > capacity - length) {
      throw Errors.outOfObject(off, length, capacity);
    }
  }

  /** How many of {@code wanted} bytes at {@code off} lie in the block that holds {@code off}. */
  private int chunk(long off, int wanted) {
    long room = heap.geometry.blockSize() - (off & heap.geometry.blockMask());
    return (int) Math.min(wanted, Math.max(1, room));
  }

  /**
   * How many of {@code wanted} bytes at {@code off}, of which the first {@code inBlock} end its
   * block and were checked, lie at consecutive addresses: on through the following blocks while
   * each starts where the one before ends, as blocks taken together from the bump pointer do. One
   * copy of a run costs less than one per block. Only for accesses to the object's own blocks: a
   * thread inside a failure-atomic block reads and writes in-flight copies, block by block.
   */
  private int adjacent(long off, int inBlock, int wanted) {
    if (inBlock == wanted) {
      return inBlock;
    }
    if (consecutive) {
      return (int) Math.min(wanted, capacity - off);
    }
    long blockSize = heap.geometry.blockSize();
    int block = (int) (off >>> heap.geometry.blockShift());
    long end = Math.min(capacity, off + wanted);
    int n = inBlock;
    while (off + n < end && blocks[block + 1] == blocks[block] + blockSize) {
      block++;
      n += (int) Math.min(end - (off + n), blockSize);
    }
    return n;
  }

  /**
   * Stores a reference; it is not written back and does not validate the target. Publishing this
   * object later publishes the target too, if it is new then. Inside a failure-atomic block, whose
   * commit publishes the store, a new target that the block did not allocate is published now.
   */
  public void putRef(long off, PObject v) {
    Memory.putLong(writableAddress(off, 8), heap.referenceTo(v));
    if (v != null && !v.handle().seenValid) {
      mayReachNew = true;
      if (InFlight.callerInBlock()) {
        v.handle().publishIfNew();
      }
    }
  }

  /**
   * The atomic update of the paper's Figure 6: publish the new object ({@link #publishIfNew()}),
   * pfence, then store the reference and write it back. After a crash the reference is either the
   * old one or a valid new object, so recovery never clears it.
   */
  public void updateRef(long off, PObject v) {
    long target = heap.referenceTo(v);
    if (v != null) {
      v.handle().publishIfNew();
    }
    heap.pfence();
    long at = writableAddress(off, 8);
    Memory.putLong(at, target);
    heap.persistence.pwb(at);
  }

  /**
   * {@link #updateRef} that also frees the object the field pointed to before. The new reference
   * is fenced before the old object is invalidated: otherwise a crash could keep the invalidation
   * and lose the store, and recovery would clear the field, which would then hold neither object.
   */
  public void updateRefAndFree(long off, PObject v) {
    long old = getRefOffset(off);
    updateRef(off, v);
    if (old != 0 && old != heap.referenceTo(v)) {
      heap.pfence();
      heap.freeAt(old);
    }
  }

  /** Writes back the cache lines of {@code width} bytes at {@code off}, a run of adjacent blocks at a time. */
  public void pwb(long off, int width) {
    boolean ownBlocks = directAccessAllowed();
    int done = 0;
    do {
      int n = chunk(off + done, width - done);
      long at = address(off + done, n);
      n = ownBlocks ? adjacent(off + done, n, width - done) : n;
      heap.persistence.pwb(at, n);
      done += n;
    } while (done < width);
  }

  /**
   * Writes back every cache line of the object and the headers of its blocks. Publishing a new
   * object does not write it back again: what the program stores into it later, it writes back.
   */
  public void pwb() {
    zeroesPending = false;
    contentWrittenBack = true;
    if (blocks == null) {
      heap.persistence.pwb(address(0, 1), capacity);
    } else {
      checkLive();
      long blockSize = heap.geometry.blockSize();
      for (long b : blocks) {
        heap.persistence.pwb(b, blockSize);
      }
    }
    heap.headers.pwb(offset);
  }

  public void validate() {
    checkLive();
    if (zeroesPending) {
      pwb();
    }
    if (validationDeferred()) {
      return;
    }
    // Only a new object's references can lead to new objects; most handles know they cannot.
    boolean walk = mayReachNew && !seenValid && !heap.headers.isValid(offset);
    heap.headers.setValid(offset);
    seenValid = true;
    if (walk) {
      publishReachable();
    }
  }

  /**
   * Publishes a new object, without a fence: writes back all of it, unless its creator did ({@link
   * #contentWrittenBack()}), validates it, and publishes so the new objects it reaches. Does nothing
   * for an object seen valid before, or one that the calling thread's failure-atomic block
   * allocated, which its commit publishes.
   */
  public void publishIfNew() {
    if (isKnownValid() || validationDeferred()) {
      return;
    }
    markPublished();
    publishReachable();
  }

  /**
   * Publication's walk reached this new object through a reference: writes it back whole and
   * validates it, or, if the calling thread's failure-atomic block allocated it, leaves that to the
   * block's commit and returns false.
   */
  boolean validateAsReached() {
    if (validationDeferred()) {
      return false;
    }
    markPublished();
    return true;
  }

  /** Writes the object back, unless that was done, and validates it; no fence. */
  private void markPublished() {
    if (!contentWrittenBack) {
      pwb();
    }
    heap.headers.setValid(offset);
    seenValid = true;
  }

  /** Publishes the new objects this newly valid one references, unless it can reach none. */
  private void publishReachable() {
    if (mayReachNew) {
      mayReachNew = false;
      Publisher.publishReachable(heap, this);
    }
  }

  private boolean validationDeferred() {
    InFlight hook = InFlight.hook();
    return InFlight.callerMayBeInBlock() && hook != null && hook.deferValidate(this);
  }

  public boolean isValid() {
    checkLive();
    return heap.headers.isValid(offset);
  }

  /**
   * {@link #isValid()} for publishers that skip objects published already, such as pdt on every
   * update: it reads the object's header (a random line of the header table, or of a pool block)
   * only until it first sees the object valid through this handle. A valid object becomes invalid
   * only when freed, and a free through this handle makes this throw; after a free through
   * another proxy it may answer true, where using the object is a use after free anyway.
   */
  public boolean isKnownValid() {
    if (!seenValid) {
      seenValid = isValid();
    } else {
      checkLive();
    }
    return seenValid;
  }

  void checkLive() {
    if (masterSpan == 0) {
      throw Errors.freed(offset);
    }
  }

  /**
   * Called by the heap for a new object whose blocks it zeroed without writing them back: {@link
   * #validate()} writes the whole object back first, unless {@link #pwb()} did since.
   */
  void zeroesPending() {
    zeroesPending = true;
  }

  /**
   * Says that the new object's creator has written back every byte the object will ever read, so
   * that publishing it need not write back its whole blocks ({@link #publishIfNew()}).
   * For immutable objects that fill a prefix of their blocks, such as strings: the rest of a reused
   * block keeps its zeroes only in the cache, which is harmless, since nothing reads past the
   * content. Validation still writes back the header.
   */
  public void contentWrittenBack() {
    zeroesPending = false;
    contentWrittenBack = true;
  }

  /** Called by the heap when it read the object's header valid while making this handle. */
  void sawValid() {
    seenValid = true;
  }

  /** Called by the heap for a new object: it is zeroed, so it references nothing yet. */
  void allocated() {
    mayReachNew = false;
  }

  /** Marks the handle freed: every later access through it throws. */
  void kill() {
    checkLive();
    masterSpan = 0;
    if (owner != null) {
      owner.directAccess(0, heap.persistence);
    }
  }

  /** Undoes {@link #kill()}: a free requested in an aborted block did not happen. */
  void revive() {
    masterSpan = liveMasterSpan();
    if (owner != null) {
      owner.directAccess(master, heap.persistence);
    }
  }

  @Override
  public String toString() {
    return "Handle[offset=" + offset + ", blocks=" + blockCount() + ", class=" + classId + (isFreed() ? ", freed" : "") + "]";
  }
}
