package org.jnvm.tests.proxy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

/** Puts a test's heaps on tmpfs, emulated persistent memory, where the machine has /dev/shm. */
public final class ShmDirectory implements TempDirFactory {
  @Override
  public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext context) throws IOException {
    Path shm = Path.of("/dev/shm");
    boolean usable = Files.isDirectory(shm) && Files.isWritable(shm);
    return usable ? Files.createTempDirectory(shm, "jnvm-proxy-") : Files.createTempDirectory("jnvm-proxy-");
  }
}
