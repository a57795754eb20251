package org.jnvm.bench.table3;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.memory.Memory;

/**
 * The Java side of Table 3: a clwb heap of {@link Block256} objects, one per 256-byte block, read
 * and written through their {@link Handle}s, the accessors that every proxy (generated or written
 * by hand) calls. Reads sum the 32 words of a block with {@link Handle#getLong}; writes store them
 * with {@link Handle#putLong}, write back each 64-byte line with {@link Handle#pwb(long, int)} and
 * end the block with {@link Heap#pfence()}. The program keeps the handles in an array, as an
 * application keeps its proxies.
 *
 * <p>The passes mirror {@code table3.c} statement for statement: same order, same values, same
 * checksums. The blocks are allocated first on a fresh heap, so they are consecutive in the file,
 * which the C side relies on; {@link #firstOffset()} checks it.
 */
final class RuntimeBlocks implements AutoCloseable {
  /** Blocks the JIT warm-up works on, few enough to stay in the caches. */
  private static final int WARMUP_BLOCKS = 2048;
  private static final int WARMUP_ROUNDS = 300;

  private final Heap heap;
  private final Handle[] blocks;
  private final int[] order;

  RuntimeBlocks(Path file, int count, long seed) {
    long dataBytes = (long) count * Block256.BYTES;
    // The header table takes 8 bytes per block; the superblock, roots and registry a few more MiB.
    long size = ((dataBytes + dataBytes / 16 + (16L << 20)) >> 20) << 20;
    this.heap = Heap.create(file, HeapConfig.ofSize(size).blockSize(Block256.BYTES).persistence("clwb"));
    this.blocks = new Handle[count];
    for (int i = 0; i < count; i++) {
      blocks[i] = heap.allocate(Block256.PCLASS);
    }
    this.order = Permutation.of(count, seed);
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
    long first = blocks[0].offset();
    for (int i = 1; i < blocks.length; i++) {
      if (blocks[i].offset() != first + (long) i * Block256.BYTES) {
        throw new IllegalStateException("block " + i + " is at offset " + blocks[i].offset() + ", not right after block " + (i - 1));
      }
    }
    return first;
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
      sink += seqRead(WARMUP_BLOCKS);
      sink += randRead(small, WARMUP_BLOCKS);
      seqWrite(WARMUP_BLOCKS, r);
      randWrite(small, WARMUP_BLOCKS, r);
    }
    if (sink == 42) {
      System.out.print("");
    }
  }

  /** Writes every block as a write pass with {@code stamp} would. */
  void fill(long stamp) {
    seqWrite(blocks.length, stamp);
  }

  /** Every pattern, {@code warmups} untimed-in-the-results then {@code passes} passes each, in table3.c's order. */
  List<Pass> runAll(int warmups, int passes, long stamp) {
    List<Pass> done = new ArrayList<>();
    int n = blocks.length;
    for (int p = -warmups; p < passes; p++) {
      long t0 = System.nanoTime();
      long h = seqRead(n);
      done.add(new Pass(Pattern.SEQ_READ, p, System.nanoTime() - t0, h));
    }
    for (int p = -warmups; p < passes; p++) {
      long t0 = System.nanoTime();
      long h = randRead(order, n);
      done.add(new Pass(Pattern.RAND_READ, p, System.nanoTime() - t0, h));
    }
    long s = stamp;
    for (int p = -warmups; p < passes; p++) {
      long t0 = System.nanoTime();
      seqWrite(n, s);
      done.add(new Pass(Pattern.SEQ_WRITE, p, System.nanoTime() - t0, s++));
    }
    for (int p = -warmups; p < passes; p++) {
      long t0 = System.nanoTime();
      randWrite(order, n, s);
      done.add(new Pass(Pattern.RAND_WRITE, p, System.nanoTime() - t0, s++));
    }
    return done;
  }

  private long seqRead(int n) {
    long h = 0;
    for (int i = 0; i < n; i++) {
      h = (h ^ sum(blocks[i])) * Permutation.HASH_PRIME;
    }
    return h;
  }

  private long randRead(int[] visit, int n) {
    long h = 0;
    for (int i = 0; i < n; i++) {
      h = (h ^ sum(blocks[visit[i]])) * Permutation.HASH_PRIME;
    }
    return h;
  }

  private void seqWrite(int n, long stamp) {
    for (int i = 0; i < n; i++) {
      write(blocks[i], i, stamp);
    }
  }

  private void randWrite(int[] visit, int n, long stamp) {
    for (int i = 0; i < n; i++) {
      int b = visit[i];
      write(blocks[b], b, stamp);
    }
  }

  private static long sum(Handle block) {
    long s = 0;
    for (int w = 0; w < Block256.WORDS; w++) {
      s += block.getLong((long) w * Long.BYTES);
    }
    return s;
  }

  private void write(Handle block, long index, long stamp) {
    long first = (stamp << 40) + index * Block256.WORDS;
    for (int w = 0; w < Block256.WORDS; w++) {
      block.putLong((long) w * Long.BYTES, first + w);
    }
    for (int line = 0; line < Block256.BYTES; line += Memory.CACHE_LINE) {
      block.pwb(line, Memory.CACHE_LINE);
    }
    heap.pfence();
  }

  @Override
  public void close() {
    heap.close();
  }
}
