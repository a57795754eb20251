package org.jnvm.crash;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.jnvm.memory.Memory;
import org.jnvm.persist.MappedFile;
import org.jnvm.persist.Persistence;

/**
 * A persistence backend that simulates a power failure. Beside the working mapping it keeps a
 * <em>durable image</em>: what the heap's persistent memory holds. See {@code package-info} for the
 * model and its limits; in short:
 *
 * <ul>
 *   <li>{@link #pwb(long)} takes a snapshot of the line's current contents and marks it pending;
 *   <li>{@link #pfence()} and {@link #psync()} copy the pending snapshots into the durable image;
 *   <li>a crash at a point builds post-crash images: a line whose working contents equal its
 *       durable contents is kept, and every other line keeps its durable value, takes its current
 *       value, or (if it is pending with a snapshot older than its current contents) takes that
 *       snapshot, as an {@link Eviction} chosen by a seed says.
 * </ul>
 *
 * <p>A crash is injected at a fence: the {@code n}-th pfence or psync (counting from 0, both kinds
 * together) builds the images <em>before</em> it takes effect, then throws {@link CrashError}; after
 * that the backend is inert, so the heap can be closed without touching anything that matters.
 *
 * <p>It also counts, per heap, the flushing figures of {@link FlushStats}.
 */
public final class SimulatedPersistence implements Persistence {
  /** The unit of write-back, which is also the unit of eviction in {@link Eviction.Mode#LINE}. */
  public static final int LINE = Memory.CACHE_LINE;

  private final MappedFile file;
  private final long[] chunkOffsets;
  private final int size;
  private final byte[] durable;
  /** Each line's contents at its last pwb. */
  private final byte[] snapshot;
  private final BitSet pending = new BitSet();
  private final BitSet writtenBack = new BitSet();
  private final byte[] line = new byte[LINE];
  private final CrashPlan plan;
  private final FlushStats stats = new FlushStats();
  private long fences;
  private boolean crashed;

  private SimulatedPersistence(MappedFile file, CrashPlan plan) {
    this.file = file;
    this.plan = plan;
    this.chunkOffsets = new long[file.chunkCount()];
    long total = 0;
    for (int i = 0; i < file.chunkCount(); i++) {
      chunkOffsets[i] = total;
      total += file.chunkLength(i);
    }
    if (total > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("the simulated backend keeps heaps of under 2 GiB: " + total);
    }
    this.size = (int) total;
    // Everything the file holds when it is mapped is durable: a new heap's superblock was forced
    // by the channel, and an existing file is whatever the last crash left.
    this.durable = readWorking();
    this.snapshot = new byte[size];
  }

  /** What a heap opened with this plan will use: the plan learns its backend when the heap maps. */
  public static org.jnvm.persist.PersistenceProvider provider(CrashPlan plan) {
    return file -> {
      SimulatedPersistence p = new SimulatedPersistence(file, plan);
      plan.attach(p);
      return p;
    };
  }

  @Override
  public String name() {
    return "simulated";
  }

  @Override
  public String description() {
    return "simulated power failure" + (plan.crashAt() >= 0 ? " at fence " + plan.crashAt() : "");
  }

  @Override
  public synchronized void pwb(long address) {
    if (crashed) {
      return;
    }
    int index = lineIndex(address);
    int base = index * LINE;
    readLine(base, line);
    stats.pwbs++;
    if (writtenBack.get(index)) {
      if (Arrays.equals(line, 0, LINE, snapshot, base, base + LINE)) {
        stats.redundantPwbs++;
      }
    } else if (Arrays.equals(line, 0, LINE, durable, base, base + LINE)) {
      // Never written back, so the durable copy is still the contents the line had at open.
      stats.unstoredPwbs++;
    }
    System.arraycopy(line, 0, snapshot, base, LINE);
    writtenBack.set(index);
    pending.set(index);
  }

  @Override
  public synchronized void pfence() {
    if (fence()) {
      stats.pfences++;
    }
  }

  @Override
  public synchronized void psync() {
    if (fence()) {
      stats.psyncs++;
    }
  }

  /** Returns false when the backend is inert; throws {@link CrashError} at the planned point. */
  private boolean fence() {
    if (crashed) {
      return false;
    }
    if (fences == plan.crashAt()) {
      crash();
      throw new CrashError(fences);
    }
    for (int i = pending.nextSetBit(0); i >= 0; i = pending.nextSetBit(i + 1)) {
      System.arraycopy(snapshot, i * LINE, durable, i * LINE, LINE);
    }
    pending.clear();
    fences++;
    return true;
  }

  /**
   * Crashes now, without throwing: builds the plan's post-crash images and makes the backend inert.
   * For a crash after the last fence of a run.
   */
  public synchronized void crash() {
    if (crashed) {
      throw new IllegalStateException("crashed twice");
    }
    byte[] working = readWorking();
    List<byte[]> images = new ArrayList<>();
    for (Eviction e : plan.evictions()) {
      images.add(e.image(durable, working, snapshot, pending));
    }
    crashed = true;
    plan.crashed(fences, images);
  }

  /** Fences (pfence and psync) that completed. */
  public synchronized long fences() {
    return fences;
  }

  public synchronized boolean isCrashed() {
    return crashed;
  }

  /** The flushing figures so far. */
  public synchronized FlushStats stats() {
    return stats.copy();
  }

  /** A little-endian word of the working mapping at a file offset. */
  public long workingLong(long fileOffset) {
    int chunk = chunkOf(fileOffset);
    return file.chunk(chunk).duplicate().order(ByteOrder.LITTLE_ENDIAN).getLong((int) (fileOffset - chunkOffsets[chunk]));
  }

  /** A copy of the working mapping. */
  public byte[] readWorking() {
    byte[] out = new byte[size];
    for (int i = 0; i < chunkOffsets.length; i++) {
      ByteBuffer b = file.chunk(i);
      b.get(0, out, (int) chunkOffsets[i], (int) file.chunkLength(i));
    }
    return out;
  }

  private void readLine(int fileOffset, byte[] into) {
    int chunk = chunkOf(fileOffset);
    file.chunk(chunk).get((int) (fileOffset - chunkOffsets[chunk]), into, 0, LINE);
  }

  private int chunkOf(long fileOffset) {
    for (int i = chunkOffsets.length - 1; i >= 0; i--) {
      if (fileOffset >= chunkOffsets[i]) {
        return i;
      }
    }
    throw new IllegalArgumentException("negative file offset " + fileOffset);
  }

  private int lineIndex(long address) {
    int chunk = file.chunkIndexOf(address);
    if (chunk < 0) {
      throw new IllegalStateException("pwb of address " + Long.toHexString(address) + ", which is outside the heap " + file.path());
    }
    long offset = chunkOffsets[chunk] + (address - file.chunkAddress(chunk));
    return (int) (offset / LINE);
  }

  @Override
  public String toString() {
    return "SimulatedPersistence[" + size + " B, " + fences + " fences" + (crashed ? ", crashed" : "") + "]";
  }
}
