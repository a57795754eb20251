package org.jnvm.crash;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;

/**
 * The steps of a crash test, for one scenario: a complete run that counts fences, a run that crashes
 * at one of them, the check of a post-crash image, and a crash inside the recovery of an image.
 */
final class Crashes {
  private Crashes() {}

  /** A complete run: how many fences it has, and its flushing figures. */
  record Counted(long fences, long operations, FlushStats stats) {}

  /** A run crashed at a point: its oracle, and one post-crash image per eviction. */
  record Crashed(CrashScenario.Run run, List<byte[]> images) {}

  /** The checks of one post-crash image. */
  record Checked(Violations violations, boolean opened, long fingerprint, long recoveryFences, FlushStats recoveryStats) {}

  /** The scenario could not run as it did before: a test bug, or a runtime failure with no crash. */
  static final class RunFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RunFailure(String message, Throwable cause) {
      super(message, cause);
    }
  }

  static Counted count(CrashScenario s, Path file) {
    CrashPlan plan = CrashPlan.none(List.of());
    CrashScenario.Run run = s.newRun(clock(plan));
    delete(file);
    try (Heap heap = Heap.create(file, s.config().persistence(SimulatedPersistence.provider(plan)))) {
      run.execute(heap);
      SimulatedPersistence b = plan.backend();
      return new Counted(b.fences(), run.operations(), b.stats());
    } catch (RuntimeException e) {
      throw new RunFailure("scenario " + s.name() + " failed without a crash: " + e, e);
    }
  }

  /**
   * Reruns the scenario and crashes it at fence {@code point}, or after its last fence when
   * {@code point == end}.
   */
  static Crashed crash(CrashScenario s, long point, long end, List<Eviction> evictions, Path file) {
    CrashPlan plan = CrashPlan.at(point, evictions);
    CrashScenario.Run run = s.newRun(clock(plan));
    delete(file);
    Heap heap = null;
    try {
      heap = Heap.create(file, s.config().persistence(SimulatedPersistence.provider(plan)));
      run.execute(heap);
      SimulatedPersistence b = plan.backend();
      if (point != end || b.fences() != end) {
        throw new RunFailure("scenario " + s.name() + " is not deterministic: it ended after " + b.fences() + " fences, not at point " + point, null);
      }
      b.crash();
    } catch (CrashError expected) {
      // the simulated power failure; its images are in the plan
    } catch (RuntimeException e) {
      throw new RunFailure("scenario " + s.name() + " failed before its crash at point " + point + ": " + e, e);
    } finally {
      if (heap != null) {
        heap.close();
      }
    }
    return new Crashed(run, plan.images());
  }

  /** Writes the image, opens it (which recovers it), and runs the generic and the scenario's checks. */
  static Checked check(byte[] image, CrashScenario.Run run, Path file) {
    write(file, image);
    return checkFile(image, file, run::check);
  }

  /**
   * Checks a heap file whose contents are {@code image}: the image before it is opened, then the
   * opened heap, generically and with {@code own}.
   */
  static Checked checkFile(byte[] image, Path file, BiConsumer<Recovered, Violations> own) {
    Violations v = new Violations();
    HeapChecker.checkImage(image, v);
    CrashPlan plan = CrashPlan.none(List.of());
    Heap heap;
    try {
      heap = Heap.open(file, HeapConfig.existing().persistence(SimulatedPersistence.provider(plan)));
    } catch (RuntimeException e) {
      v.fail("the heap does not open: " + e);
      return new Checked(v, false, 0, 0, new FlushStats());
    }
    try {
      SimulatedPersistence b = plan.backend();
      long fences = b.fences();
      FlushStats stats = b.stats();
      long fingerprint = 0;
      try {
        Recovered r = HeapChecker.inspect(heap, b, v);
        fingerprint = r.fingerprint();
        own.accept(r, v);
      } catch (RuntimeException e) {
        v.fail("checking the recovered heap threw " + e);
      }
      return new Checked(v, true, fingerprint, fences, stats);
    } finally {
      heap.close();
    }
  }

  /**
   * Opens the image and crashes its recovery at fence {@code point} (or just after the open when
   * {@code point == end}); returns the post-crash image.
   */
  static byte[] crashRecovery(byte[] image, long point, long end, Eviction eviction, Path file) {
    write(file, image);
    CrashPlan plan = CrashPlan.at(point, List.of(eviction));
    Heap heap = null;
    try {
      heap = Heap.open(file, HeapConfig.existing().persistence(SimulatedPersistence.provider(plan)));
      SimulatedPersistence b = plan.backend();
      if (point != end || b.fences() != end) {
        throw new RunFailure("recovery is not deterministic: it took " + b.fences() + " fences, not " + end, null);
      }
      b.crash();
    } catch (CrashError expected) {
      // the simulated power failure during recovery
    } finally {
      if (heap != null) {
        heap.close();
      }
    }
    return plan.images().get(0);
  }

  private static LongSupplier clock(CrashPlan plan) {
    return () -> {
      SimulatedPersistence b = plan.backend();
      return b == null ? 0 : b.fences();
    };
  }

  /**
   * Writes an image. A file of the same size is overwritten in place, which on tmpfs costs a copy
   * instead of freeing and allocating every page; one of another size is replaced, never truncated,
   * since a heap whose open a crash cut short may still map it.
   */
  static void write(Path file, byte[] image) {
    try {
      if (!Files.exists(file) || Files.size(file) != image.length) {
        delete(file);
      }
      try (FileChannel c = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
        ByteBuffer b = ByteBuffer.wrap(image);
        while (b.hasRemaining()) {
          c.write(b, b.position());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
