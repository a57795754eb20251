package org.jnvm;

import java.nio.file.Path;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jnvm.errors.Errors;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.heap.Roots;

/**
 * The paper's entry points, as static methods: {@code JNVM.init}, {@code JNVM.root()}, {@code
 * JNVM.free}, {@code JNVM.pfence()} and {@code JNVM.psync()}. They act on the default heap, the one
 * {@link #init} opened last; programs with several heaps use {@link Heap} directly.
 */
public final class JNVM {
  private static final CopyOnWriteArrayList<Heap> OPEN = new CopyOnWriteArrayList<>();
  private static volatile Heap current;

  private JNVM() {}

  /** Opens or creates the heap at {@code path} and makes it the default heap. */
  public static Heap init(String path, long size) {
    return init(Path.of(path), HeapConfig.ofSize(size));
  }

  public static synchronized Heap init(Path path, HeapConfig config) {
    Heap heap = Heap.openOrCreate(path, config);
    OPEN.add(heap);
    current = heap;
    return heap;
  }

  /** The default heap. */
  public static Heap heap() {
    Heap h = current;
    if (h == null || h.isClosed()) {
      throw Errors.noDefaultHeap();
    }
    return h;
  }

  public static Roots root() {
    return heap().roots();
  }

  /** Frees an object without a fence; see {@link Heap#free(PObject)}. */
  public static void free(PObject o) {
    o.handle().heap().free(o);
  }

  /** A pfence on every heap opened through {@link #init}. */
  public static void pfence() {
    for (Heap h : OPEN) {
      if (!h.isClosed()) {
        h.pfence();
      }
    }
  }

  /** A psync on every heap opened through {@link #init}. */
  public static void psync() {
    for (Heap h : OPEN) {
      if (!h.isClosed()) {
        h.psync();
      }
    }
  }

  /** Opens a failure-atomic block; see {@link FailureAtomic}. */
  public static void faStart() {
    FailureAtomic.start();
  }

  /** Closes a failure-atomic block; the outermost commits. */
  public static void faEnd() {
    FailureAtomic.end();
  }

  /** Closes a failure-atomic block on an exception path; the outermost aborts. */
  public static void faAbort() {
    FailureAtomic.abort();
  }

  /** Closes the default heap cleanly. */
  public static synchronized void close() {
    Heap h = current;
    if (h != null) {
      h.close();
      OPEN.remove(h);
      current = null;
    }
  }
}
