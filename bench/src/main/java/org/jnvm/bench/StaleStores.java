package org.jnvm.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The stores that killed benchmark runs left in a directory of heaps (/dev/shm). A run stopped by
 * SIGKILL, by the kernel's out-of-memory killer or by hand deletes nothing, and a tmpfs file is
 * memory: the leftovers of a few runs can get the next large child killed for want of memory. So
 * each report deletes, before it starts, every store of the benchmarks' own naming that no live
 * process has open or mapped and that nobody wrote lately.
 */
public final class StaleStores {
  /** The JMH benchmarks' heap files and the pdt lifecycle report's. */
  public static final String BENCH = BenchEnv.FILE_PREFIX;
  /** Table 3's heap file. */
  public static final String TABLE3 = "jnvm-table3-";
  /** TPC-B's heap files. */
  public static final String TPCB = "jnvm-tpcb-";
  /** The YCSB children's store directories. */
  public static final String YCSB = "jnvm-ycsb-";

  /**
   * The prefixes of the names the benchmarks give their stores; each report takes its own from
   * here, so that none names a store this class would miss. Files of the tests and of users have
   * other names and are left alone.
   */
  static final List<String> PREFIXES = List.of(BENCH, TABLE3, TPCB, YCSB);
  /**
   * A store written this recently is kept even if no process maps it: a run may have created it
   * and not have mapped it yet.
   */
  static final Duration QUIET = Duration.ofMinutes(10);

  private StaleStores() {}

  /** What {@link #delete} removed. */
  public record Removed(List<Path> stores, long bytes) {
    /** One line for a report's console, or the empty string when nothing was removed. */
    public String summary() {
      return stores.isEmpty() ? "" : "removed " + stores.size() + " store(s) of killed benchmark runs, " + (bytes >> 20) + " MiB: " + stores;
    }
  }

  /** {@link #delete(Path)}, saying on the console what went. */
  public static void clear(Path heaps) {
    String summary = delete(heaps).summary();
    if (!summary.isEmpty()) {
      System.out.println(heaps + ": " + summary);
    }
  }

  /** Deletes the stale stores of {@code heaps}, seen from this machine's live processes. */
  public static Removed delete(Path heaps) {
    return delete(heaps, pathsInUse(), Instant.now());
  }

  /**
   * Deletes every entry of {@code heaps} with one of the {@link #PREFIXES} of which neither itself
   * nor, for a directory, anything in it is in {@code inUse} or was modified within {@link #QUIET}
   * before {@code now}.
   */
  static Removed delete(Path heaps, Set<Path> inUse, Instant now) {
    List<Path> removed = new ArrayList<>();
    long bytes = 0;
    if (!Files.isDirectory(heaps)) {
      return new Removed(removed, bytes);
    }
    Instant quietSince = now.minus(QUIET);
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(heaps, StaleStores::named)) {
      for (Path entry : entries) {
        List<Path> tree = tree(entry);
        if (tree.stream().anyMatch(p -> inUse.contains(p) || modifiedSince(p, quietSince))) {
          continue;
        }
        bytes += tree.stream().mapToLong(StaleStores::size).sum();
        for (int i = tree.size() - 1; i >= 0; i--) {
          Files.deleteIfExists(tree.get(i));
        }
        removed.add(entry);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot clear the stale stores of " + heaps, e);
    }
    return new Removed(List.copyOf(removed), bytes);
  }

  private static boolean named(Path entry) {
    String name = entry.getFileName().toString();
    return PREFIXES.stream().anyMatch(name::startsWith);
  }

  /** {@code entry} and, for a directory, everything in it, parents before children. */
  private static List<Path> tree(Path entry) throws IOException {
    try (Stream<Path> all = Files.walk(entry)) {
      return all.map(StaleStores::real).sorted(Comparator.comparingInt(Path::getNameCount)).toList();
    }
  }

  private static Path real(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize();
    }
  }

  private static boolean modifiedSince(Path p, Instant since) {
    try {
      return Files.getLastModifiedTime(p).toInstant().isAfter(since);
    } catch (NoSuchFileException e) {
      return false;
    } catch (IOException e) {
      return true;
    }
  }

  private static long size(Path p) {
    try {
      return Files.isRegularFile(p) ? Files.size(p) : 0;
    } catch (IOException e) {
      return 0;
    }
  }

  /**
   * Every file that a live process has open or mapped, as far as this user may see: the targets
   * of /proc/PID/fd and the paths of /proc/PID/maps. Processes that vanish or hide theirs are
   * skipped.
   */
  static Set<Path> pathsInUse() {
    Set<Path> inUse = new HashSet<>();
    try (DirectoryStream<Path> processes = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
      for (Path process : processes) {
        addOpenFiles(process.resolve("fd"), inUse);
        addMappedFiles(process.resolve("maps"), inUse);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the processes in /proc, so cannot tell which stores are in use", e);
    }
    return inUse;
  }

  private static void addOpenFiles(Path fds, Set<Path> inUse) {
    try (DirectoryStream<Path> links = Files.newDirectoryStream(fds)) {
      for (Path link : links) {
        try {
          inUse.add(Files.readSymbolicLink(link));
        } catch (IOException e) {
          // The descriptor was closed while we looked: it holds nothing any more.
        }
      }
    } catch (IOException | SecurityException e) {
      // Another user's process, or one that ended: not ours to judge.
    }
  }

  private static void addMappedFiles(Path maps, Set<Path> inUse) {
    try {
      for (String line : Files.readAllLines(maps, StandardCharsets.UTF_8)) {
        int slash = line.indexOf('/');
        if (slash >= 0) {
          // A mapped file that was deleted ends with " (deleted)"; its path no longer matters.
          try {
            inUse.add(Path.of(line.substring(slash).strip()));
          } catch (InvalidPathException e) {
            // Not a path of ours.
          }
        }
      }
    } catch (IOException | SecurityException e) {
      // As above.
    }
  }
}
