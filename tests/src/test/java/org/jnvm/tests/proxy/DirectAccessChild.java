package org.jnvm.tests.proxy;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import org.jnvm.JNVM;
import org.jnvm.errors.FreedObjectException;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Cursor;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.persist.Persistence;

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
    WriteBacks writeBacks = new WriteBacks();
    try (Heap heap = JNVM.init(Path.of(args[0]), HeapConfig.ofSize(8 << 20).persistence(file -> writeBacks))) {
      PointProxy p = new PointProxy(5, Point.Color.GREEN);
      heap.roots().put("p", p);
      writeBacks.watch(p.handle().address(PointProxy.OFFSET_L, 8));
      long sum = 0;
      for (int i = 0; i < WARM; i++) {
        p.setL(i);
        p.pwbL();
        p.setD(i * 0.5);
        p.setOn((i & 1) == 0);
        sum += p.getL() + (long) p.getD() + (p.isOn() ? 1 : 0);
      }
      check(sum > 0, "warm-up ran");
      check(writeBacks.seen == WARM, "each pwbL() on the direct path reaches the heap's backend: " + writeBacks.seen);
      check(p.handle().getLong(PointProxy.OFFSET_L) == WARM - 1, "a direct write reaches the heap");
      p.handle().putLong(PointProxy.OFFSET_L, 77);
      check(p.getL() == 77, "a direct read sees the heap");

      useAfterFreeThrows(heap, "before any block");
      cursorCarriesDirectAccessFromObjectToObject(heap);

      // Wide's layout takes two blocks, taken together from the bump pointer, so they lie one
      // after the other and its handle grants direct access to every field, beyond the master
      // block too.
      Wide wide = new WideProxy();
      for (int i = 0; i < WARM; i++) {
        wide.set(i % 40, i);
      }
      for (int i = 0; i < 40; i++) {
        check(wide.get(i) == WARM - 40 + i, "field l" + i + " of an object of two blocks");
        check(wide.handle().getLong(8L * i) == wide.get(i), "field l" + i + " is in the heap");
      }
      heap.free(wide);
      check(throwsFreed(wide::getL0), "a read of a freed object of two blocks throws");
      Note note = inlineFieldAcrossBlocks(heap);
      // A block writes an unpublished object in place (a crash frees it); a published one it copies.
      heap.roots().put("note", note);

      // The accessors were compiled with the direct path; the first block must switch them to
      // the handle, or writes in a block would bypass its in-flight copies.
      try {
        FailureAtomic.run(() -> {
          check(!Handle.directAccessAllowed(), "no direct access inside a block");
          p.setL(1234);
          check(heap.roots().get("p", Point.class).getL() == 1234, "another proxy reads the block's write");
          throw new IllegalStateException("abort");
        });
      } catch (IllegalStateException expected) {
        // the block aborted
      }
      try {
        FailureAtomic.run(() -> {
          note.setText(text(10, 99));
          throw new IllegalStateException("abort");
        });
      } catch (IllegalStateException expected) {
        // the block aborted
      }
      check(Arrays.equals(note.getText(), text(400, WARM - 1)), "an aborted block's write of an inline field is gone");
      check(Handle.directAccessAllowed(), "direct access again once no thread is in a block");
      check(p.getL() == 77, "an aborted block's write is gone: got " + p.getL());
      FailureAtomic.run(() -> p.setL(4321));
      check(p.handle().getLong(PointProxy.OFFSET_L) == 4321, "a committed block's write is in the heap");
      for (int i = 0; i < WARM; i++) {
        p.setI(p.getI() + 1);
      }
      check(p.handle().getInt(PointProxy.OFFSET_I) == p.getI(), "accessors recompiled after the first block reach the heap");
      useAfterFreeThrows(heap, "after the first block");
      outsideWhileAnotherThreadIsInABlock(p);
    }
    System.out.println("direct access checks passed");
  }

  /**
   * An inline field that spans the two blocks of its object, read and written by accessors
   * compiled with the direct path: what they write is in the heap, and a write longer than the
   * field is refused. Returns the object, still live.
   */
  private static Note inlineFieldAcrossBlocks(Heap heap) {
    Note note = new NoteProxy();
    check(NoteProxy.OFFSET_TEXT < 256 && NoteProxy.OFFSET_TEXT + 404 > 256, "the field spans both blocks");
    long lengths = 0;
    for (int i = 0; i < WARM; i++) {
      note.setText(text(i % 401, i));
      lengths += note.getText().length;
    }
    check(lengths > 0, "warm-up ran");
    byte[] last = text(400, WARM - 1);
    note.setText(last);
    byte[] stored = new byte[400];
    note.handle().getBytes(NoteProxy.OFFSET_TEXT + 4, stored, 0, stored.length);
    check(Arrays.equals(stored, last), "a direct write of an inline field reaches both blocks");
    check(note.handle().getInt(NoteProxy.OFFSET_TEXT) == 401, "with its length");
    note.setText(null);
    check(note.getText() == null, "a direct write of null reads back as null");
    note.setText(last);
    check(throwsA(IllegalArgumentException.class, () -> note.setText(new byte[401])), "a direct write past the capacity is refused");
    check(Arrays.equals(note.getText(), last), "and leaves the field as it was");
    Note doomed = new NoteProxy();
    doomed.setText(last);
    heap.free(doomed);
    check(throwsFreed(doomed::getText), "a read of a freed object's inline field throws");
    check(throwsFreed(() -> doomed.setText(last)), "and so does a write");
    return note;
  }

  /**
   * A cursor's proxy, compiled with the direct path, reads and writes the object it was last moved
   * to: each move hands it that object's address. A free through it revokes the address until the
   * next move.
   */
  private static void cursorCarriesDirectAccessFromObjectToObject(Heap heap) {
    long[] offsets = new long[16];
    for (int i = 0; i < offsets.length; i++) {
      offsets[i] = new PointProxy(i, Point.Color.BLUE).handle().offset();
    }
    Cursor<PointProxy> cursor = heap.cursor(PointProxy.PCLASS);
    for (int i = 0; i < WARM; i++) {
      PointProxy at = cursor.moveTo(offsets[i % offsets.length]);
      at.setI(at.getI() + 1);
      check(at.getL() == i % offsets.length, "move " + i + " reads the object it moved to");
    }
    for (int i = 0; i < offsets.length; i++) {
      Point own = (Point) heap.resurrect(offsets[i]);
      int expected = WARM / offsets.length + (i < WARM % offsets.length ? 1 : 0);
      check(own.getI() == expected, "the cursor's writes reached object " + i + ": " + own.getI() + " of " + expected);
    }
    PointProxy doomed = cursor.moveTo(offsets[0]);
    heap.free(doomed);
    check(throwsFreed(doomed::getL), "a read through the cursor after a free through it throws");
    check(cursor.moveTo(offsets[1]).getL() == 1, "and a move gives it a live object again");
  }

  /** {@code length} bytes that differ with {@code seed}. */
  private static byte[] text(int length, int seed) {
    byte[] b = new byte[length];
    for (int i = 0; i < length; i++) {
      b[i] = (byte) (seed + i);
    }
    return b;
  }

  /** Accessors compiled on a live object, then used on it once it is freed, throw. */
  private static void useAfterFreeThrows(Heap heap, String when) {
    Point doomed = new PointProxy(9, Point.Color.RED);
    for (int i = 0; i < WARM; i++) {
      doomed.setL(doomed.getL() + 1);
    }
    heap.free(doomed);
    check(throwsFreed(doomed::getL), when + ", a read through a freed proxy throws");
    check(throwsFreed(() -> doomed.setL(1)), when + ", a write through a freed proxy throws");
  }

  /**
   * While another thread is inside a block that wrote {@code p}, this thread, outside any block,
   * keeps its direct access and reads the object's own blocks; it sees the write once the block
   * commits.
   */
  private static void outsideWhileAnotherThreadIsInABlock(Point p) {
    long before = p.getL();
    CountDownLatch written = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread writer = new Thread(() -> FailureAtomic.run(() -> {
      p.setL(before + 1);
      written.countDown();
      awaitUninterruptibly(release);
    }));
    writer.start();
    awaitUninterruptibly(written);
    check(Handle.directAccessAllowed(), "direct access kept while another thread is in a block");
    check(p.getL() == before, "outside the block, its uncommitted write is not seen");
    release.countDown();
    try {
      writer.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    check(Handle.directAccessAllowed(), "direct access still, once the other thread left its block");
    check(p.getL() == before + 1, "the committed write is seen");
  }

  private static void awaitUninterruptibly(CountDownLatch latch) {
    boolean interrupted = false;
    while (true) {
      try {
        latch.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** A backend that does nothing but count the write-backs of one field's 8 bytes. */
  private static final class WriteBacks implements Persistence {
    private long watched;
    long seen;

    void watch(long address) {
      watched = address;
    }

    @Override
    public String name() {
      return "counting";
    }

    @Override
    public void pwb(long address) {}

    @Override
    public void pwb(long address, long length) {
      if (address == watched && length == 8) {
        seen++;
      }
    }

    @Override
    public void pfence() {}

    @Override
    public void psync() {}
  }

  private static boolean throwsFreed(Runnable access) {
    return throwsA(FreedObjectException.class, access);
  }

  private static boolean throwsA(Class<? extends RuntimeException> type, Runnable access) {
    try {
      access.run();
      return false;
    } catch (RuntimeException e) {
      if (type.isInstance(e)) {
        return true;
      }
      throw e;
    }
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      System.err.println("FAILED: " + what);
      System.exit(1);
    }
  }
}
