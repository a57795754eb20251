package org.jnvm.crash.scenarios;

import java.util.SplittableRandom;
import org.jnvm.PObject;
import org.jnvm.crash.objects.Big;
import org.jnvm.crash.objects.Blob;
import org.jnvm.crash.objects.Cell;
import org.jnvm.crash.objects.SelfChecking;
import org.jnvm.crash.objects.Sparse;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;

/** Which test objects a scenario allocates. */
enum ObjectMix {
  /** Mostly one-block cells, some three-block objects. */
  SMALL,
  /** Arrays of 1 to 40 KiB: chains of up to 160 blocks, to move the bump pointer across windows. */
  LARGE,
  /**
   * Objects that write back only the lines they store to, half of them linking a cell: reused
   * blocks then hold old links in lines their new owner never writes back.
   */
  SPARSE;

  private static final int MAX_BLOB_LONGS = 40 * 1024 / 8;

  /** A new, invalid, self-checking object with id {@code id}; written but not written back. */
  SelfChecking create(Heap heap, long id, SplittableRandom rng) {
    if (this == SMALL) {
      return rng.nextInt(4) == 0 ? new Big(heap, id) : new Cell(heap, id);
    }
    if (this == SPARSE) {
      if (rng.nextBoolean()) {
        return new Sparse(heap, id, null);
      }
      Cell target = new Cell(heap, id | 1L << 40);
      target.pwb();
      target.validate();
      return new Sparse(heap, id, target);
    }
    // Leave room: never take more than a quarter of what is left, so a run cannot fill the heap.
    long room = heap.availableBlocks() * heap.geometry().blockSize() / 4 / 8;
    int longs = (int) Math.max(1, Math.min(1 + rng.nextInt(MAX_BLOB_LONGS), room - 8));
    return new Blob(heap, id, longs);
  }

  /** The heap of a scenario: {@code bytes}, a small registry and a small root table. */
  static HeapConfig heap(long bytes, int roots) {
    return HeapConfig.ofSize(bytes).registryBytes(8192).rootCapacity(roots);
  }

  /** The id of a slot's or root's object, 0 for null. */
  static long idOf(PObject o) {
    return o == null ? 0 : ((SelfChecking) o).id();
  }
}
