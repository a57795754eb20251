package org.jnvm.crash;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BiConsumer;

/** The generic post-crash checks, for heap files that a crash other than a simulated one left. */
public final class HeapChecks {
  private HeapChecks() {}

  /**
   * Checks the heap file as the campaign checks a post-crash image: the file before it is opened,
   * then the opened (and so recovered) heap, generically and with {@code own}. Records what is wrong
   * in {@code v}. The file is recovered in place.
   */
  public static void check(Path file, Violations v, BiConsumer<Recovered, Violations> own) {
    byte[] image;
    try {
      image = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (String m : Crashes.checkFile(image, file, own).violations().messages()) {
      v.fail(m);
    }
  }
}
