package org.jnvm.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.Reference;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.jnvm.memory.Memory;

/**
 * What the benchmarks share: where heap files go, the file system under them, the notes file the
 * forked JVMs report facts through, and the sequential read that recovery is compared with.
 *
 * <p>System properties (set by {@link CoreReport} for its forks; defaults in brackets):
 *
 * <ul>
 *   <li>{@value #SHM} [/dev/shm]: directory for heaps in memory (tmpfs);
 *   <li>{@value #DISK} [java.io.tmpdir]: directory for the msync heap, on a disk file system;
 *   <li>{@value #RUN} [none]: a run id put in every heap file name, so a run can remove what it left;
 *   <li>{@value #NOTES} [none]: a file to append {@code key=value} lines to.
 * </ul>
 */
public final class BenchEnv {
  static final String SHM = "jnvm.bench.shm";
  static final String DISK = "jnvm.bench.disk";
  static final String RUN = "jnvm.bench.run";
  static final String NOTES = "jnvm.bench.notes";
  static final String FILE_PREFIX = "jnvm-bench-";
  /** The mapping chunk of the sequential read; a MappedByteBuffer maps at most 2 GiB. */
  private static final long CHUNK = 1L << 30;

  private static final AtomicInteger COUNTER = new AtomicInteger();
  /** Held strongly: java.util.logging forgets the level of a logger nobody references. */
  private static final Logger JNVM_LOGGER = Logger.getLogger("org.jnvm");

  private BenchEnv() {}

  /** Where heaps in memory go: a tmpfs directory, /dev/shm unless {@value #SHM} names another. */
  public static Path shmDir() {
    return Path.of(System.getProperty(SHM, "/dev/shm"));
  }

  static Path diskDir() {
    return Path.of(System.getProperty(DISK, System.getProperty("java.io.tmpdir")));
  }

  /** A heap file name that does not exist yet in {@code dir}. */
  static Path newHeapFile(Path dir, String name) {
    String run = System.getProperty(RUN, "adhoc");
    return dir.resolve(FILE_PREFIX + run + "-" + name + "-" + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet() + ".heap");
  }

  /** Deletes {@code directory} and everything under it. */
  public static void deleteTree(Path directory) throws IOException {
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }

  static void delete(Path file) {
    if (file == null) {
      return;
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + file, e);
    }
  }

  /**
   * jnvm logs one INFO line per heap open and one per million objects recovered; in a benchmark
   * that is console I/O inside the measured region, so the forks keep only warnings.
   */
  static void quietLogs() {
    JNVM_LOGGER.setLevel(Level.WARNING);
  }

  /** The file system type under {@code path}, from /proc/mounts (longest matching mount point). */
  static String fsType(Path path) {
    try {
      Path real = path.toRealPath();
      String best = "";
      String type = "unknown";
      for (String line : Files.readAllLines(Path.of("/proc/mounts"), StandardCharsets.UTF_8)) {
        String[] f = line.split(" ", -1);
        if (f.length < 3) {
          continue;
        }
        String mountPoint = f[1].replace("\\040", " ");
        if (real.startsWith(mountPoint) && mountPoint.length() >= best.length()) {
          best = mountPoint;
          type = f[2];
        }
      }
      return type;
    } catch (IOException | RuntimeException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }

  /** Appends {@code key=value} to the notes file, if there is one. */
  static synchronized void note(String key, String value) {
    String file = System.getProperty(NOTES);
    if (file == null) {
      return;
    }
    try {
      Files.writeString(
          Path.of(file), key + "=" + value.replace('\n', ' ') + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write notes to " + file, e);
    }
  }

  /**
   * Reads the first {@code bytes} bytes of {@code file} once, front to back, one 8-byte word at a
   * time, through fresh read-only mappings of 1 GiB; returns the sum of the words.
   */
  static long sequentialRead(Path file, long bytes) {
    long sum = 0;
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      for (long start = 0; start < bytes; start += CHUNK) {
        long length = Math.min(CHUNK, bytes - start);
        MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_ONLY, start, length);
        try {
          long address = Memory.addressOf(buffer);
          long end = address + (length & -8L);
          for (long at = address; at < end; at += 8) {
            sum += Memory.getLong(at);
          }
        } finally {
          Reference.reachabilityFence(buffer);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    return sum;
  }

  /** Bytes as MiB or GiB, for notes. */
  static String bytes(long n) {
    return n >= (1L << 30) ? String.format(java.util.Locale.ROOT, "%.2f GiB", n / (double) (1L << 30)) : String.format(java.util.Locale.ROOT, "%.1f MiB", n / (double) (1L << 20));
  }

  static List<String> jdkMiscFlags() {
    return List.of("--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED");
  }
}
