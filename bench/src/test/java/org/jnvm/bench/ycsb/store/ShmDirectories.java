package org.jnvm.bench.ycsb.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.jnvm.bench.BenchEnv;

/** Fresh store directories on tmpfs (as the YCSB runner makes them), removed with their files. */
public final class ShmDirectories {
  private static final Path SHM = BenchEnv.shmDir();

  private ShmDirectories() {}

  public static Path create() throws IOException {
    boolean tmpfs = Files.isDirectory(SHM) && Files.isWritable(SHM);
    return tmpfs ? Files.createTempDirectory(SHM, "jnvm-peers-") : Files.createTempDirectory("jnvm-peers-");
  }

  public static void delete(Path directory) throws IOException {
    try (Stream<Path> files = Files.walk(directory)) {
      files.sorted(Comparator.reverseOrder()).forEach(ShmDirectories::deleteOne);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private static void deleteOne(Path file) {
    try {
      Files.delete(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
