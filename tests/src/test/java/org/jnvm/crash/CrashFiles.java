package org.jnvm.crash;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Where the crash tests keep their heaps and write their results. */
public final class CrashFiles {
  private static final String BEGIN = "<!-- crash:begin -->";
  private static final String END = "<!-- crash:end -->";

  private CrashFiles() {}

  /** The tests module's directory: surefire's {@code basedir}, else the working directory. */
  public static Path module() {
    return Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath();
  }

  public static Path target() {
    return module().resolve("target");
  }

  /** A new directory for heap files, on tmpfs when the machine has one. */
  public static Path scratch(String prefix) {
    try {
      Path shm = Path.of("/dev/shm");
      return Files.isDirectory(shm) && Files.isWritable(shm) ? Files.createTempDirectory(shm, prefix) : Files.createTempDirectory(prefix);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Replaces the text between the crash markers of {@code file}, adding the markers at its end (or
   * creating the file) when they are absent. Nothing else in the file changes.
   */
  public static void replaceSection(Path file, String section) {
    try {
      String text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "# Results\n";
      int begin = text.indexOf(BEGIN);
      int end = text.indexOf(END);
      String body = BEGIN + "\n" + section + (section.endsWith("\n") ? "" : "\n") + END;
      String updated;
      if (begin >= 0 && end > begin) {
        updated = text.substring(0, begin) + body + text.substring(end + END.length());
      } else {
        updated = text + (text.endsWith("\n") ? "\n" : "\n\n") + body + "\n";
      }
      Files.writeString(file, updated, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
