package org.jnvm.tests.proxy;

import java.nio.file.Path;
import org.jnvm.JNVM;
import org.jnvm.errors.FreedObjectException;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;

/**
 * Runs in a JVM of its own, where no failure-atomic block has started yet, so that generated
 * accessors take their direct path; {@link DirectAccessTest} starts it. Each check that fails
 * exits with a message on stderr and a non-zero status.
 */
public final class DirectAccessChild {
  /** Enough calls for the JIT to compile the accessors with the direct path folded in. */
  private static final int WARM = 200_000;

  private DirectAccessChild() {}

  public static void main(String[] args) {
    check(Handle.directAccessAllowed(), "direct access allowed before any block");
    try (Heap heap = JNVM.init(Path.of(args[0]), HeapConfig.ofSize(8 << 20))) {
      Point p = new PointProxy(5, Point.Color.GREEN);
      heap.roots().put("p", p);
      long sum = 0;
      for (int i = 0; i < WARM; i++) {
        p.setL(i);
        p.setD(i * 0.5);
        p.setOn((i & 1) == 0);
        sum += p.getL() + (long) p.getD() + (p.isOn() ? 1 : 0);
      }
      check(sum > 0, "warm-up ran");
      check(p.handle().getLong(PointProxy.OFFSET_L) == WARM - 1, "a direct write reaches the heap");
      p.handle().putLong(PointProxy.OFFSET_L, 77);
      check(p.getL() == 77, "a direct read sees the heap");

      Point doomed = new PointProxy(9, Point.Color.RED);
      for (int i = 0; i < WARM; i++) {
        doomed.setL(doomed.getL() + 1);
      }
      heap.free(doomed);
      check(throwsFreed(doomed::getL), "a read through a freed proxy throws");
      check(throwsFreed(() -> doomed.setL(1)), "a write through a freed proxy throws");

      // The accessors were compiled with the direct path; the first block must switch them to
      // the handle, or writes in a block would bypass its in-flight copies.
      try {
        FailureAtomic.run(() -> {
          p.setL(1234);
          check(heap.roots().get("p", Point.class).getL() == 1234, "another proxy reads the block's write");
          throw new IllegalStateException("abort");
        });
      } catch (IllegalStateException expected) {
        // the block aborted
      }
      check(!Handle.directAccessAllowed(), "direct access withdrawn once a block started");
      check(p.getL() == 77, "an aborted block's write is gone: got " + p.getL());
      FailureAtomic.run(() -> p.setL(4321));
      check(p.handle().getLong(PointProxy.OFFSET_L) == 4321, "a committed block's write is in the heap");
    }
    System.out.println("direct access checks passed");
  }

  private static boolean throwsFreed(Runnable access) {
    try {
      access.run();
      return false;
    } catch (FreedObjectException expected) {
      return true;
    }
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      System.err.println("FAILED: " + what);
      System.exit(1);
    }
  }
}
