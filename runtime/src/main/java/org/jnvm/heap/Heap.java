package org.jnvm.heap;

import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Lock;
import java.util.function.Function;
import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.alloc.BlockAllocator;
import org.jnvm.heap.alloc.LongStack;
import org.jnvm.heap.format.BlockHeader;
import org.jnvm.heap.format.Geometry;
import org.jnvm.heap.format.SuperBlock;
import org.jnvm.heap.registry.ClassRegistry;
import org.jnvm.layout.Layout;
import org.jnvm.log.LogPool;
import org.jnvm.memory.Memory;
import org.jnvm.persist.Persistence;
import org.jnvm.recovery.Recovery;
import org.jnvm.recovery.RecoveryMode;
import org.jnvm.recovery.RecoveryReport;

/**
 * A persistent heap: a memory-mapped file of fixed-size blocks. Opening one recovers it (redo
 * logs, then the recovery GC); afterwards objects are allocated, reached through roots and
 * references, and freed explicitly. There is no collector at run time.
 *
 * <p>A heap is safe for concurrent use: allocation and free scale over threads, and the roots
 * and class registry synchronise internally. Persistent objects themselves are not synchronised:
 * threads that share one lock it with {@link #lockOf(PObject)}, whatever proxy each holds.
 *
 * <p>A heap file has one user at a time: while it is open, opening it again, in this process or
 * another, throws {@link org.jnvm.errors.HeapInUseException} and leaves the file untouched.
 */
public final class Heap implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger("org.jnvm.heap");
  /** Bytes the bump pointer's persistent mark moves ahead at once (see {@link BlockAllocator}). */
  private static final long BUMP_WINDOW_BYTES = 1 << 20;

  final Geometry geometry;
  final Persistence persistence;
  private final Path path;
  /** The file, owned by this heap until {@link #close()}. */
  private final HeapLock lock;
  private final Mapping mapping;
  private final ClassRegistry registry;
  private final Shapes shapes;
  private final BlockAllocator allocator;
  /** Null unless {@link HeapConfig#prefault} asked for one. */
  private final Prefaulter prefaulter;
  private final Roots roots;
  private final RecoveryReport recovery;
  final Headers headers;
  private final BlockAccess blockAccess = new BlockAccess(this);
  private final Pools pools = new Pools(this);
  private final ObjectLocks objectLocks = new ObjectLocks();
  private final ConcurrentHashMap<Class<?>, Object> extensions = new ConcurrentHashMap<>();
  private volatile boolean closed;
  /** True while the recover() hooks of an open run; see {@link #collectAfterRecover()}. */
  private boolean recovering;
  private boolean collectAgain;

  private Heap(Path path, HeapLock lock, Geometry geometry, HeapConfig config, boolean clean) {
    this.path = path;
    this.lock = lock;
    this.geometry = geometry;
    this.shapes = new Shapes(geometry);
    this.mapping = new Mapping(path, lock.channel(), geometry.heapSize());
    this.persistence = config.persistenceProvider().open(mapping);
    // Every check that can refuse the open runs before markInUse(), the first write: a refused
    // open leaves the file as it was, and the next open still sees a clean shutdown.
    this.registry =
        ClassRegistry.load(
            path(), mapping.address(geometry.registryOffset()), geometry.registryBytes(), superWord(SuperBlock.REGISTRY_END_AT), persistence);
    this.headers = new Headers(path(), geometry, mapping, registry, persistence);
    long bump = Memory.getLong(superWord(SuperBlock.BUMP_AT));
    if (bump < geometry.firstDataBlock() || bump > geometry.blockCount()) {
      throw Errors.corrupt(path(), "bump pointer " + bump + " is outside the data blocks");
    }
    long window = Math.max(64, BUMP_WINDOW_BYTES >>> geometry.blockShift());
    // Started only once the heap is open, so that a damaged file leaves no thread behind.
    this.prefaulter = config.prefaultBytes() > 0 ? new Prefaulter(mapping, geometry, bump, config.prefaultBytes()) : null;
    this.allocator = new BlockAllocator(geometry.blockCount(), bump, window, this::storeBump);
    this.roots = new Roots(this, mapping.address(geometry.rootTableOffset()), geometry.rootCapacity());
    registry.resolveAvailable();
    RecoveryView view = new RecoveryView(this);
    markInUse();
    LogPool.replay(this);
    Recovery.Result result = Recovery.run(view, config.recoveryMode(), clean);
    roots.forgetCleared();
    // The hooks run before the free queue is filled: what they allocate comes from the bump
    // pointer, so that a second collection (below) cannot free a block under them.
    recovering = true;
    callRecover(result.toRecover());
    recovering = false;
    if (collectAgain && config.recoveryMode() == RecoveryMode.GC) {
      long firstNanos = result.report().nanos();
      result = Recovery.run(view, RecoveryMode.GC, clean);
      roots.forgetCleared();
      RecoveryReport second = result.report();
      result = new Recovery.Result(result.freeBlocks(), result.poolBlocks(), result.toRecover(), second.withNanos(firstNanos + second.nanos()));
    }
    allocator.addFree(result.freeBlocks());
    pools.adopt(result.poolBlocks());
    this.recovery = result.report();
    if (prefaulter != null) {
      prefaulter.start();
    }
    LOG.log(
        Level.INFO,
        "opened heap {0} ({1} MiB, {2} B blocks) with persistence backend {3} and memory access through {7}: {4,choice,0#{4} live objects|1#{4} live object|1<{4} live objects}, "
            + "{5,choice,0#{5} blocks|1#{5} block|1<{5} blocks} available{6}",
        path, geometry.heapSize() >> 20, geometry.blockSize(), persistence.description(), recovery.liveObjects(),
        allocator.availableBlocks(), clean ? "" : "; it had not been closed cleanly", Memory.implementation());
  }

  /** Creates a new heap file; fails if the file exists. */
  public static Heap create(Path path, HeapConfig config) {
    Geometry g = Geometry.forNewHeap(config.size(), config.blockSize(), config.rootCapacity(), config.registryBytes());
    return HeapFile.create(path, g, (lock, clean) -> new Heap(path, lock, g, config, clean));
  }

  /** Opens an existing heap and recovers it. */
  public static Heap open(Path path, HeapConfig config) {
    return HeapFile.open(path, (lock, g, clean) -> new Heap(path, lock, g, config, clean));
  }

  /** Opens the heap at {@code path}, creating it with {@code config}'s geometry if there is none. */
  public static Heap openOrCreate(Path path, HeapConfig config) {
    if (Files.exists(path)) {
      return open(path, config);
    }
    return create(path, config);
  }

  public String path() {
    return path.toString();
  }

  public Geometry geometry() {
    return geometry;
  }

  public Persistence persistence() {
    return persistence;
  }

  public Roots roots() {
    return roots;
  }

  public ClassRegistry registry() {
    return registry;
  }

  /** What the recovery at open found and did. */
  public RecoveryReport recoveryReport() {
    return recovery;
  }

  /** Blocks that allocation can still use. */
  public long availableBlocks() {
    return allocator.availableBlocks();
  }

  /** The first block that was never handed out. */
  public long bumpPointer() {
    return allocator.bumpPointer();
  }

  /** The block up to which {@link HeapConfig#prefault} has touched pages so far; -1 without it. */
  long prefaultedThrough() {
    return prefaulter == null ? -1 : prefaulter.touchedThrough();
  }

  // ---------------------------------------------------------------- allocation and free

  /** Allocates an invalid, zeroed object of a fixed-layout class. No fence is issued. */
  public Handle allocate(PClass<?> type) {
    Layout layout = type.layout();
    if (layout.tail().isPresent()) {
      throw Errors.arrayWithoutLength(type.name());
    }
    return allocate(type, layout.size());
  }

  /** Allocates an invalid, zeroed array object with room for {@code elements} trailing elements. */
  public Handle allocate(PClass<?> type, long elements) {
    return allocateBytes(type, sizeOf(type, elements), 0);
  }

  /** The bytes of an object of {@code type} with {@code elements} trailing elements (ignored without a tail). */
  private static long sizeOf(PClass<?> type, long elements) {
    if (elements < 0) {
      throw Errors.negativeLength(elements);
    }
    Layout layout = type.layout();
    return layout.tail().isPresent() ? layout.sizeWith(elements) : layout.size();
  }

  /**
   * Allocates an object that will not change once it is validated, such as a string. A small one
   * takes a slot in a block shared with others of its class (the paper's section 4.4); a large one,
   * or one with references, takes whole blocks as {@link #allocate(PClass, long)} does. Like every
   * new object, it is zeroed and invalid.
   */
  public Handle allocateImmutable(PClass<?> type, long elements) {
    return allocateImmutable(type, elements, false);
  }

  /**
   * {@link #allocateImmutable(PClass, long)} for a creator that writes every byte of the object's
   * size (its layout with {@code elements} trailing elements) before anything reads it, as a byte
   * sequence copying its content does. Reused blocks are then zeroed only past that size: zeroing
   * where the creator is about to write would make every copy-on-write update write its record
   * twice. Every byte the creator does not write still reads as zero.
   */
  public Handle allocateFilledImmutable(PClass<?> type, long elements) {
    return allocateImmutable(type, elements, true);
  }

  private Handle allocateImmutable(PClass<?> type, long elements, boolean filled) {
    long bytes = sizeOf(type, elements);
    int slot = pools.slotSizeFor(type, bytes);
    if (slot == 0) {
      return allocateBytes(type, bytes, filled ? bytes : 0);
    }
    checkOpen();
    long offset = pools.allocate(type, slot);
    int poolId = BlockHeader.classId(headers.of(offset));
    return allocated(new Handle(this, offset, mapping.address(offset), null, slot, poolId));
  }

  /** Allocates whole blocks for {@code bytes}; the creator writes the first {@code written} of them itself. */
  private Handle allocateBytes(PClass<?> type, long bytes, long written) {
    checkOpen();
    int classId = registry.idOf(type);
    long count = Math.max(1, (bytes + geometry.blockSize() - 1) >>> geometry.blockShift());
    if (count > Integer.MAX_VALUE - 8) {
      throw Errors.outOfSpace(path(), bytes, allocator.availableBlocks() << geometry.blockShift());
    }
    if (count == 1) {
      long b = allocator.allocate();
      if (b < 0) {
        throw Errors.outOfSpace(path(), bytes, 0);
      }
      long block = b & ~BlockAllocator.FRESH;
      long address = initBlock(b, written);
      Memory.putLong(headers.address(block), BlockHeader.master(classId, 0));
      return allocated(zeroed(new Handle(this, geometry.blockOffset(block), address, null, geometry.blockSize(), classId), b));
    }
    long[] blocks = new long[(int) count];
    if (!allocator.allocate(blocks)) {
      throw Errors.outOfSpace(path(), bytes, allocator.availableBlocks() << geometry.blockShift());
    }
    long[] addresses = new long[blocks.length];
    long allFresh = BlockAllocator.FRESH;
    for (int i = 0; i < blocks.length; i++) {
      addresses[i] = initBlock(blocks[i], written - ((long) i << geometry.blockShift()));
      allFresh &= blocks[i];
      blocks[i] &= ~BlockAllocator.FRESH;
    }
    // Slaves first, written back now: a pwb is not a fence, and validation later orders them.
    // Blocks taken together are mostly adjacent, so their headers share lines: a line is written
    // back when the loop moves off it, not after each header (a write-back evicts the line on
    // CPUs without CLWB, and the next store to it would miss), and the master header's line not
    // at all, since validation writes it back before anything can publish the object.
    long masterLine = headers.address(blocks[0]) & -Memory.CACHE_LINE;
    long pendingLine = masterLine;
    for (int i = blocks.length - 1; i > 0; i--) {
      long next = i + 1 < blocks.length ? blocks[i + 1] : 0;
      long at = headers.address(blocks[i]);
      Memory.putLong(at, BlockHeader.slave(next));
      long line = at & -Memory.CACHE_LINE;
      if (line != pendingLine) {
        if (pendingLine != masterLine) {
          persistence.pwb(pendingLine);
        }
        pendingLine = line;
      }
    }
    if (pendingLine != masterLine) {
      persistence.pwb(pendingLine);
    }
    Memory.putLong(headers.address(blocks[0]), BlockHeader.master(classId, blocks[1]));
    return allocated(zeroed(new Handle(this, geometry.blockOffset(blocks[0]), addresses[0], addresses, count << geometry.blockShift(), classId), allFresh));
  }

  /** Tells {@code h} that {@link #initBlock} zeroed some of its blocks, unless {@code flagged} says all were fresh. */
  private static Handle zeroed(Handle h, long flagged) {
    if ((flagged & BlockAllocator.FRESH) == 0) {
      h.zeroesPending();
    }
    return h;
  }

  private Handle allocated(Handle h) {
    h.allocated();
    InFlight hook = InFlight.hook();
    if (InFlight.callerMayBeInBlock() && hook != null) {
      hook.allocated(h);
    }
    return h;
  }

  /**
   * Zeroes a reused block past the first {@code written} bytes of it, which the new object's
   * creator writes itself (a fresh block is zero already), and returns its address. The zeroes are
   * not written back here: the object's handle writes back all its lines before it validates the
   * object, unless the program wrote back the whole object first ({@link Handle#zeroesPending()}),
   * so that each line is written back once. Either way the fence that later makes the object valid
   * also makes the zeroes durable, so a field the program never wrote cannot come back after a
   * crash holding what the block's previous owner left there, such as a reference.
   */
  private long initBlock(long flagged, long written) {
    long block = flagged & ~BlockAllocator.FRESH;
    long address = mapping.address(geometry.blockOffset(block));
    if ((flagged & BlockAllocator.FRESH) == 0) {
      long from = Math.max(0, Math.min(written, geometry.blockSize()));
      Memory.setMemory(address + from, geometry.blockSize() - from, (byte) 0);
    }
    return address;
  }

  /**
   * Frees an object: invalidates it and writes its header back, with no fence (the paper's section
   * 4.1.5). Its blocks are reused after this thread's next pfence. Every later use of this proxy
   * throws; other proxies of the same object must not be used either.
   */
  public void free(PObject o) {
    Handle h = o.handle();
    if (h.heap() != this) {
      throw Errors.foreignObject(path(), h.heap().path());
    }
    checkOpen();
    long header = headers.of(h.offset());
    if (h.isFreed() || BlockHeader.classId(header) != h.classId()) {
      throw Errors.freed(h.offset());
    }
    h.kill();
    InFlight hook = InFlight.hook();
    if (InFlight.callerMayBeInBlock() && hook != null && hook.deferFree(h.pinned())) {
      return;
    }
    release(h.offset(), header);
  }

  /** Frees the object at a reference offset; used by {@link Handle#updateRefAndFree}. */
  void freeAt(long offset) {
    if (InFlight.callerInBlock()) {
      free(resurrect(offset)); // through the block, which frees at commit
      return;
    }
    long block = headers.checkedReference(offset);
    release(offset, headers.word(block));
  }

  void release(long offset, long header) {
    if (headers.isPooled(offset)) {
      headers.invalidate(offset);
      if (pools.free(offset)) {
        pfence();
      }
      return;
    }
    long block = offset >>> geometry.blockShift();
    long at = headers.address(block);
    Memory.putLong(at, 0);
    persistence.pwb(at);
    LongStack limbo = allocator.limbo();
    boolean full = allocator.free(limbo, block);
    long limit = geometry.blockCount();
    for (long next = BlockHeader.next(header); next != 0 && limit-- > 0; ) {
      if (!geometry.isDataBlock(next)) {
        throw Errors.corrupt(path(), "the object at offset " + offset + " links to block " + next);
      }
      full |= allocator.free(limbo, next);
      next = BlockHeader.next(headers.word(next));
    }
    if (full) {
      pfence();
    }
  }

  /**
   * Volatile state that a layer above keeps per heap, such as the pool of redo logs; made by
   * {@code factory} on first use.
   */
  public <T> T extension(Class<T> key, Function<Heap, T> factory) {
    return key.cast(extensions.computeIfAbsent(key, k -> factory.apply(this)));
  }

  /**
   * The lock of a persistent object, the same whatever proxy of it is passed: a heap hands out a
   * fresh proxy each time a root or reference is followed, so {@code synchronized (proxy)} locks
   * nothing that another thread's proxy of the object would. The lock is a {@link
   * java.util.concurrent.locks.ReentrantLock} from a fixed table of 4096 stripes chosen by the
   * object's offset; unrelated objects may share one. So hold one object's lock at a time (lock a
   * common owner, such as the container, to change several objects together): two threads that
   * each hold one and wait for another can deadlock even on objects that look unrelated.
   */
  public Lock lockOf(PObject o) {
    Handle h = o.handle();
    if (h.heap() != this) {
      throw Errors.foreignObject(path(), h.heap().path());
    }
    return objectLocks.of(h.offset());
  }

  /** Runs {@code action} holding {@link #lockOf(PObject) o's lock}. */
  public void withLock(PObject o, Runnable action) {
    Lock held = lockOf(o);
    held.lock();
    try {
      action.run();
    } finally {
      held.unlock();
    }
  }

  /** Block-level operations for the runtime's failure-atomic layer; not for applications. */
  public BlockAccess blocks() {
    return blockAccess;
  }

  // ---------------------------------------------------------------- references

  /** The persistent reference to {@code o}: its offset, or 0 for null. */
  long referenceTo(PObject o) {
    if (o == null) {
      return 0;
    }
    Handle h = o.handle();
    if (h.heap() != this) {
      throw Errors.foreignObject(path(), h.heap().path());
    }
    h.checkLive();
    return h.offset();
  }

  /**
   * A fresh proxy for the object at {@code offset}, or null for 0. Everything read from the heap is
   * checked first: the offset, the header, the class id, and the length of the block chain.
   */
  public PObject resurrect(long offset) {
    if (offset == 0) {
      return null;
    }
    Handle h = handle(offset);
    return classOf(h).attach(h);
  }

  /**
   * {@link #resurrect(long)} for an object whose {@link Handle#shape()} the caller kept when it
   * last had a proxy of it: a fresh proxy without reading a header, a cache miss for each object
   * of a large heap. The shape is checked against the heap's bounds and class table, so a wrong
   * one cannot reach outside the heap or make a proxy of a class the heap does not hold, but the
   * object is not: it is taken to be alive and of that shape still, as a proxy kept since then
   * would. A shape of 0 ("none") resurrects as {@link #resurrect(long)} does.
   *
   * @throws IllegalArgumentException if {@code shape} cannot be one of an object at {@code offset}
   */
  public PObject resurrect(long offset, long shape) {
    if (shape == 0) {
      return resurrect(offset);
    }
    int classId = Shapes.classId(shape);
    long capacity = Shapes.capacity(shape);
    ClassRegistry.Entry entry = registry.entry(classId);
    if (entry == null || !shapes.accepts(entry.slotSize(), offset, capacity)) {
      throw Errors.badShape(path(), offset, shape);
    }
    Handle h = new Handle(this, offset, mapping.address(offset), null, capacity, classId);
    return registry.resolve(entry).attach(h);
  }

  /**
   * A cursor over objects of {@code type}: one proxy that {@link Cursor#moveTo} points at one
   * object after another, with the checks of {@link #resurrect(long)} and no allocation per object.
   *
   * @throws IllegalArgumentException if objects of {@code type} take more than one block
   */
  public <T extends PObject> Cursor<T> cursor(PClass<T> type) {
    return new Cursor<>(this, type);
  }

  /** The class of the object behind {@code h}, a handle of this heap. */
  PClass<?> classOf(Handle h) {
    return registry.resolve(registry.entry(h.classId()));
  }

  /**
   * A handle for the object at {@code offset} without a proxy, for code that only reads or writes
   * a few words of many objects (a map rebuilding its mirror, say). Checked as {@link #resurrect}
   * checks; inside a failure-atomic block its accesses see the block's copies.
   */
  public Handle handle(long offset) {
    long block = headers.checkedReference(offset);
    long header = headers.word(block);
    int classId = BlockHeader.classId(header);
    ClassRegistry.Entry entry = registry.entry(classId);
    if (entry.isPool()) {
      return new Handle(this, offset, mapping.address(offset), null, entry.slotSize(), classId);
    }
    Handle h = handleFor(block, header, classId, entry.layout());
    if (BlockHeader.isValid(header)) {
      h.sawValid(); // spares publishers that store a reference to it a second read of the header
    }
    return h;
  }

  private Handle handleFor(long block, long header, int classId, Layout layout) {
    long address = mapping.address(geometry.blockOffset(block));
    long offset = geometry.blockOffset(block);
    long next = BlockHeader.next(header);
    boolean fixed = layout.tail().isEmpty();
    long expected = fixed ? Math.max(1, (layout.size() + geometry.blockSize() - 1) >>> geometry.blockShift()) : 0;
    if (next == 0) {
      if (expected > 1 || layout.size() > geometry.blockSize()) {
        throw Errors.corrupt(path(), "the object at offset " + offset + " has 1 block, its layout needs " + expected);
      }
      return new Handle(this, offset, address, null, geometry.blockSize(), classId);
    }
    LongStack chain = new LongStack();
    chain.push(address);
    long limit = fixed ? expected : geometry.blockCount();
    while (next != 0) {
      if (!geometry.isDataBlock(next) || chain.size() >= limit) {
        throw Errors.corrupt(path(), "the object at offset " + offset + " has a broken block chain");
      }
      chain.push(mapping.address(geometry.blockOffset(next)));
      next = BlockHeader.next(headers.word(next));
    }
    if (fixed && chain.size() != expected) {
      throw Errors.corrupt(path(), "the object at offset " + offset + " has " + chain.size() + " blocks, its layout needs " + expected);
    }
    return new Handle(this, offset, address, chain.toArray(), (long) chain.size() << geometry.blockShift(), classId);
  }

  long addressOf(long offset) {
    return mapping.address(offset);
  }

  BlockAllocator allocator() {
    return allocator;
  }

  Mapping mapping() {
    return mapping;
  }

  long superWord(int at) {
    return mapping.address(at);
  }

  /** Orders this heap's earlier write-backs and stores before later ones; then this thread's freed blocks become reusable. */
  public void pfence() {
    persistence.pfence();
    allocator.releaseLimbo();
    pools.releaseLimbo();
  }

  /** A pfence that also waits for durability. */
  public void psync() {
    persistence.psync();
    allocator.releaseLimbo();
    pools.releaseLimbo();
  }

  private void storeBump(long end) {
    long at = superWord(SuperBlock.BUMP_AT);
    Memory.putLong(at, end);
    persistence.pwb(at);
    persistence.pfence();
    if (prefaulter != null) {
      prefaulter.allocatedThrough(end);
    }
  }

  private void markInUse() {
    long at = superWord(SuperBlock.SHUTDOWN_AT);
    Memory.putLong(at, 0);
    persistence.pwb(at);
    persistence.psync();
  }

  void checkOpen() {
    if (closed) {
      throw Errors.closed(path());
    }
  }

  public boolean isClosed() {
    return closed;
  }

  /**
   * Makes everything durable and records a clean shutdown. Proxies of this heap must not be used
   * afterwards; the mapping itself is released by the garbage collector once none is reachable,
   * so a stray access cannot crash the JVM.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (prefaulter != null) {
      prefaulter.stop();
    }
    persistence.psync();
    long at = superWord(SuperBlock.SHUTDOWN_AT);
    Memory.putLong(at, SuperBlock.CLEAN);
    persistence.pwb(at);
    persistence.psync();
    for (int i = 0; i < mapping.chunkCount(); i++) {
      mapping.chunk(i).force();
    }
    lock.release();
  }

  /**
   * Called by a {@link PObject#recover()} hook that unlinked references: the objects they named
   * may now be unreachable, so the heap collects once more when every hook has run, instead of
   * keeping them until the next open. Has no effect in {@link RecoveryMode#NO_GC}, which keeps
   * every valid object.
   *
   * @throws IllegalStateException outside a recover() hook
   */
  public void collectAfterRecover() {
    if (!recovering) {
      throw Errors.notRecovering();
    }
    collectAgain = true;
  }

  private void callRecover(LongStack blocks) {
    for (int i = 0; i < blocks.size(); i++) {
      PObject o = resurrect(geometry.blockOffset(blocks.get(i)));
      o.recover();
    }
  }


  @Override
  public String toString() {
    return "Heap[" + path + (closed ? ", closed" : "") + "]";
  }
}
