package org.jnvm.pdt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * Puts {@code @TempDir} directories on tmpfs, where heaps behave like the paper's emulated NVMM,
 * and falls back to the default temporary directory on machines without {@code /dev/shm}.
 */
public final class ShmDirectory implements TempDirFactory {
  private static final Path SHM = Path.of("/dev/shm");

  @Override
  public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext context) throws IOException {
    return create();
  }

  /** A new empty directory on tmpfs when possible; for tests that manage their own. */
  static Path create() throws IOException {
    if (Files.isDirectory(SHM) && Files.isWritable(SHM)) {
      return Files.createTempDirectory(SHM, "jnvm-pdt-");
    }
    return Files.createTempDirectory("jnvm-pdt-");
  }
}
