package org.jnvm.bench.table3;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.heap.Cursor;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.heap.format.Geometry;
import org.jnvm.memory.Memory;
import org.jnvm.persist.Persistence;
import org.jnvm.proxy.Construction;

/**
 * The Java side of Table 3: a clwb heap of {@link Block256Fields} objects, one per 256-byte block,
 * whose generated proxies and {@link Handle}s the program keeps in arrays, as an application keeps
 * its proxies, or visits with one {@link Cursor}. Reads sum the
 * 32 words of a block; writes store them, write back each 64-byte line and fence once per block;
 * {@link Access} says through which calls.
 *
 * <p>The passes mirror {@code table3.c} statement for statement: same order, same values, same
 * checksums. The blocks are allocated first on a fresh heap, so they are consecutive in the file,
 * which the C side relies on; {@link #firstOffset()} checks it.
 */
final class RuntimeBlocks implements AutoCloseable {
  /** Blocks the JIT warm-up works on, few enough to stay in the caches. */
  private static final int WARMUP_BLOCKS = 2048;
  private static final int WARMUP_ROUNDS = 300;
  private static final int CHUNK_SHIFT = Geometry.CHUNK_SHIFT;
  private static final long CHUNK_MASK = (1L << CHUNK_SHIFT) - 1;

  private final Heap heap;
  private final Handle[] blocks;
  private final Block256Fields[] proxies;
  /** For {@link Access#CURSOR}: the cursor that visits the blocks, by offset. */
  private final Cursor<Block256FieldsProxy> cursor;
  private final int[] order;
  private final Persistence persistence;
  /**
   * For {@link Access#RAW}: the address of each 1 GiB mapping chunk of the file (the runtime maps a
   * heap in chunks, so a file's blocks are consecutive in memory only within one), and the file
   * offset of the first block.
   */
  private final long[] chunkAddress;
  private final long firstBlockOffset;
  /** For {@link Access#VECTOR}: the blocks through a mapping of the file of their own. */
  private final VectorBlocks vectors;
  /** What {@link #javaHeapPerBlock()} returns, measured while the blocks were made. */
  private final long javaHeapPerBlock;

  RuntimeBlocks(Path file, int count, long seed) {
    long dataBytes = (long) count * Block256.BYTES;
    // The header table takes 8 bytes per block; the superblock, roots and registry a few more MiB.
    long size = ((dataBytes + dataBytes / 16 + (16L << 20)) >> 20) << 20;
    this.heap = Heap.create(file, HeapConfig.ofSize(size).blockSize(Block256.BYTES).persistence("clwb"));
    long heapBefore = javaHeapInUse();
    this.blocks = new Handle[count];
    this.proxies = new Block256Fields[count];
    for (int i = 0; i < count; i++) {
      proxies[i] = Construction.inHeap(heap, Block256FieldsProxy::new);
      blocks[i] = proxies[i].handle();
    }
    this.javaHeapPerBlock = (javaHeapInUse() - heapBefore) / count;
    checkConsecutive(blocks);
    this.cursor = heap.cursor(Block256FieldsProxy.PCLASS);
    this.order = Permutation.of(count, seed);
    this.persistence = heap.persistence();
    this.firstBlockOffset = blocks[0].offset();
    this.chunkAddress = chunkAddresses(blocks);
    if (!VectorBlocks.available()) {
      throw new IllegalStateException("Table 3's " + Access.VECTOR.title + " series needs the Vector API: run the JVM with --add-modules " + VectorBlocks.MODULE
          + " (bench/run-table3 does)");
    }
    this.vectors = new VectorBlocks(file, firstBlockOffset, count, persistence);
  }

  /**
   * The bytes of Java heap the program keeps per block: its proxy, the proxy's handle and their
   * slots in the two arrays. A pass over the proxies reads them besides the block's own bytes.
   */
  long javaHeapPerBlock() {
    return javaHeapPerBlock;
  }

  /** The Java heap in use after a full collection, which leaves only what is reachable. */
  private static long javaHeapInUse() {
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  String backend() {
    return heap.persistence().description();
  }

  int count() {
    return blocks.length;
  }

  long permutationFingerprint() {
    return Permutation.fingerprint(order);
  }

  /** The file offset of the first block; the others follow it, 256 bytes apart. */
  long firstOffset() {
    return firstBlockOffset;
  }

  private static long[] chunkAddresses(Handle[] blocks) {
    long[] chunks = new long[(int) ((blocks[blocks.length - 1].offset() >>> CHUNK_SHIFT) + 1)];
    for (Handle b : blocks) {
      chunks[(int) (b.offset() >>> CHUNK_SHIFT)] = b.address(0, Block256.BYTES) - (b.offset() & CHUNK_MASK);
    }
    return chunks;
  }

  /**
   * A block's file offset from its index, as C computes its address: what a program that lays its
   * objects out in a known order can do, and the cursor then checks.
   */
  private long offsetOf(int b) {
    return firstBlockOffset + (long) b * Block256.BYTES;
  }

  /** A block's address from its index alone, as C computes it, plus the chunk lookup. */
  private long rawAddress(int b) {
    long offset = offsetOf(b);
    return chunkAddress[(int) (offset >>> CHUNK_SHIFT)] + (offset & CHUNK_MASK);
  }

  private static void checkConsecutive(Handle[] blocks) {
    for (int i = 1; i < blocks.length; i++) {
      if (blocks[i].offset() != blocks[0].offset() + (long) i * Block256.BYTES) {
        throw new IllegalStateException("block " + i + " is at offset " + blocks[i].offset() + ", not right after block " + (i - 1));
      }
    }
  }

  /**
   * Compiles the passes before anything is timed: many runs over a few blocks, so that C2 compiles
   * each pass method whole rather than swapping it in mid-pass (OSR). Leaves those blocks written
   * with junk; {@link #fill} then sets every block.
   */
  void warmUpCode() {
    int[] small = Permutation.of(WARMUP_BLOCKS, 1);
    long sink = 0;
    for (int r = 0; r < WARMUP_ROUNDS; r++) {
      for (Access access : Access.values()) {
        sink += seqRead(access, WARMUP_BLOCKS);
        sink += randRead(access, small, WARMUP_BLOCKS);
        seqWrite(access, WARMUP_BLOCKS, r);
        randWrite(access, small, WARMUP_BLOCKS, r);
      }
    }
    if (sink == 42) {
      System.out.print("");
    }
  }

  /** Writes every block as a write pass with {@code stamp} would. */
  void fill(long stamp) {
    seqWrite(Access.HANDLE, blocks.length, stamp);
  }

  /** Every pattern, {@code warmups} warm-up then {@code passes} timed passes each, in table3.c's order. */
  List<Pass> runAll(Access access, int warmups, int passes, long stamp) {
    List<Pass> done = new ArrayList<>();
    int n = blocks.length;
    for (int p = -warmups; p < passes; p++) {
      long t0 = System.nanoTime();
      long h = seqRead(access, n);
      done.add(new Pass(Pattern.SEQ_READ, p, System.nanoTime() - t0, h));
    }
    for (int p = -warmups; p < passes; p++) {
      long t0 = System.nanoTime();
      long h = randRead(access, order, n);
      done.add(new Pass(Pattern.RAND_READ, p, System.nanoTime() - t0, h));
    }
    long s = stamp;
    for (int p = -warmups; p < passes; p++) {
      long t0 = System.nanoTime();
      seqWrite(access, n, s);
      done.add(new Pass(Pattern.SEQ_WRITE, p, System.nanoTime() - t0, s++));
    }
    for (int p = -warmups; p < passes; p++) {
      long t0 = System.nanoTime();
      randWrite(access, order, n, s);
      done.add(new Pass(Pattern.RAND_WRITE, p, System.nanoTime() - t0, s++));
    }
    return done;
  }

  private long seqRead(Access access, int n) {
    return readPass(access, null, n);
  }

  private long randRead(Access access, int[] visit, int n) {
    return readPass(access, visit, n);
  }

  private void seqWrite(Access access, int n, long stamp) {
    writePass(access, null, n, stamp);
  }

  private void randWrite(Access access, int[] visit, int n, long stamp) {
    writePass(access, visit, n, stamp);
  }

  // One loop method per access path, each compiled by C2 on its own with its accessors inlined.
  // A loop shared by all paths, switching per block, grew past C2's node budget once every path
  // was hot: -XX:+PrintInlining showed NodeCountInliningCutoff for the proxy's pwbWi() and for
  // Heap.pfence(), whose calls then made a random write through proxies cost 428 ns per block
  // against 186 ns through the handle's address. An application's loop over its proxies is
  // compiled alone, as these are. A null visit order means sequential; the test on it is
  // loop-invariant, so the JIT takes it out of the loop.

  private long readPass(Access access, int[] visit, int n) {
    return switch (access) {
      case PROXY -> readByAccessors(visit, n);
      case CURSOR -> readByCursor(visit, n);
      case HANDLE -> readByWord(visit, n);
      case BLOCK_ADDRESS -> readByBlockAddress(visit, n);
      case RAW -> readRaw(visit, n);
      case VECTOR -> readByVectors(visit, n);
    };
  }

  private void writePass(Access access, int[] visit, int n, long stamp) {
    switch (access) {
      case PROXY -> writeByAccessors(visit, n, stamp);
      case CURSOR -> writeByCursor(visit, n, stamp);
      case HANDLE -> writeByWord(visit, n, stamp);
      case BLOCK_ADDRESS -> writeByBlockAddress(visit, n, stamp);
      case RAW -> writeRaw(visit, n, stamp);
      case VECTOR -> writeByVectors(visit, n, stamp);
    }
  }

  private static int block(int[] visit, int i) {
    return visit == null ? i : visit[i];
  }

  /** The value of a block's first word in a write pass with {@code stamp}; word w holds first + w. */
  private static long first(long stamp, int b) {
    return (stamp << 40) + (long) b * Block256.WORDS;
  }

  private long readByAccessors(int[] visit, int n) {
    long h = 0;
    for (int i = 0; i < n; i++) {
      h = (h ^ proxies[block(visit, i)].sum()) * Permutation.HASH_PRIME;
    }
    return h;
  }

  private long readByCursor(int[] visit, int n) {
    long h = 0;
    for (int i = 0; i < n; i++) {
      h = (h ^ cursor.moveTo(offsetOf(block(visit, i))).sum()) * Permutation.HASH_PRIME;
    }
    return h;
  }

  private long readByWord(int[] visit, int n) {
    long h = 0;
    for (int i = 0; i < n; i++) {
      h = (h ^ sumByWord(blocks[block(visit, i)])) * Permutation.HASH_PRIME;
    }
    return h;
  }

  private long readByBlockAddress(int[] visit, int n) {
    long h = 0;
    for (int i = 0; i < n; i++) {
      h = (h ^ sumAt(blocks[block(visit, i)].address(0, Block256.BYTES))) * Permutation.HASH_PRIME;
    }
    return h;
  }

  private long readRaw(int[] visit, int n) {
    long h = 0;
    for (int i = 0; i < n; i++) {
      h = (h ^ sumAt(rawAddress(block(visit, i)))) * Permutation.HASH_PRIME;
    }
    return h;
  }

  private long readByVectors(int[] visit, int n) {
    long h = 0;
    for (int i = 0; i < n; i++) {
      h = (h ^ vectors.sum(block(visit, i))) * Permutation.HASH_PRIME;
    }
    return h;
  }

  private void writeByAccessors(int[] visit, int n, long stamp) {
    for (int i = 0; i < n; i++) {
      int b = block(visit, i);
      Block256Fields proxy = proxies[b];
      proxy.fill(first(stamp, b));
      proxy.pwbLines();
      heap.pfence();
    }
  }

  private void writeByCursor(int[] visit, int n, long stamp) {
    for (int i = 0; i < n; i++) {
      int b = block(visit, i);
      Block256FieldsProxy proxy = cursor.moveTo(offsetOf(b));
      proxy.fill(first(stamp, b));
      proxy.pwbLines();
      heap.pfence();
    }
  }

  private void writeByWord(int[] visit, int n, long stamp) {
    for (int i = 0; i < n; i++) {
      int b = block(visit, i);
      writeByWord(blocks[b], first(stamp, b));
    }
  }

  private void writeByBlockAddress(int[] visit, int n, long stamp) {
    for (int i = 0; i < n; i++) {
      int b = block(visit, i);
      writeAt(blocks[b].address(0, Block256.BYTES), first(stamp, b));
    }
  }

  private void writeRaw(int[] visit, int n, long stamp) {
    for (int i = 0; i < n; i++) {
      int b = block(visit, i);
      writeAt(rawAddress(b), first(stamp, b));
    }
  }

  private void writeByVectors(int[] visit, int n, long stamp) {
    for (int i = 0; i < n; i++) {
      int b = block(visit, i);
      vectors.write(b, first(stamp, b));
    }
  }

  private static long sumByWord(Handle block) {
    long s = 0;
    for (int w = 0; w < Block256.WORDS; w++) {
      s += block.getLong((long) w * Long.BYTES);
    }
    return s;
  }

  private static long sumAt(long address) {
    long s = 0;
    for (int w = 0; w < Block256.WORDS; w++) {
      s += Memory.getLong(address + (long) w * Long.BYTES);
    }
    return s;
  }

  private void writeByWord(Handle block, long first) {
    for (int w = 0; w < Block256.WORDS; w++) {
      block.putLong((long) w * Long.BYTES, first + w);
    }
    for (int line = 0; line < Block256.BYTES; line += Memory.CACHE_LINE) {
      block.pwb(line, Memory.CACHE_LINE);
    }
    heap.pfence();
  }

  private void writeAt(long address, long first) {
    for (int w = 0; w < Block256.WORDS; w++) {
      Memory.putLong(address + (long) w * Long.BYTES, first + w);
    }
    for (int line = 0; line < Block256.BYTES; line += Memory.CACHE_LINE) {
      persistence.pwb(address + line);
    }
    persistence.pfence();
  }

  @Override
  public void close() {
    heap.close();
  }
}
