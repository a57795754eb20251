package org.jnvm.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** One generator's section of a results file: the text from its begin marker to its end marker. */
public final class Markers {
  private Markers() {}

  /** The JDK whose runs keep the bare section names: the project's baseline. */
  public static final int BASELINE_JDK = 17;

  /** {@link #name(String, String, int)} for a run on the JDK this report runs on. */
  public static String name(String report, String mode) {
    return name(report, mode, Runtime.version().feature());
  }

  /**
   * The name of a report run in a mode on a JDK: the section's marker name and its files' prefix.
   * The quick mode keeps the bare name; another mode gets its own section and files, so that a full
   * run leaves the quick figures, which anyone can reproduce in minutes, beside its own. A run on a
   * JDK other than the baseline gets its own too ({@code table3-jdk25}), since a newer JDK may
   * compile the write-back differently (JDK 17 emits CLFLUSHOPT where JDK 25 emits CLWB on AMD).
   */
  public static String name(String report, String mode, int jdk) {
    String name = mode.equals("quick") ? report : report + "-" + mode;
    return jdk == BASELINE_JDK ? name : name + "-jdk" + jdk;
  }

  public static String begin(String name) {
    return "<!-- " + name + ":begin -->";
  }

  public static String end(String name) {
    return "<!-- " + name + ":end -->";
  }

  /** {@link #replace(Path, String, String, String)} for the section marked with {@code name}. */
  public static void replace(Path file, String name, String section) throws IOException {
    replace(file, begin(name), end(name), section);
  }

  /**
   * Replaces the section of {@code file} from {@code begin} through {@code end} (and the line break
   * after it) by {@code section}, which starts with {@code begin} and ends with {@code end} and a
   * line break; appends it after a blank line when the file has no such markers, and creates the
   * file when there is none. Everything outside the section is kept byte for byte.
   */
  public static void replace(Path file, String begin, String end, String section) throws IOException {
    if (!section.startsWith(begin) || !section.endsWith(end + "\n")) {
      throw new IllegalArgumentException("a section must run from " + begin + " to " + end);
    }
    String old = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    int from = old.indexOf(begin);
    int to = old.indexOf(end);
    String updated;
    if (from < 0 && to < 0) {
      String separator = old.isEmpty() || old.endsWith("\n\n") ? "" : old.endsWith("\n") ? "\n" : "\n\n";
      updated = old + separator + section;
    } else if (from >= 0 && to > from && old.indexOf(begin, from + 1) < 0 && old.indexOf(end, to + 1) < 0) {
      int after = to + end.length();
      if (old.startsWith("\n", after)) {
        after++;
      }
      updated = old.substring(0, from) + section + old.substring(after);
    } else {
      throw new IllegalStateException(file + ": the markers " + begin + " and " + end + " must each appear once, in that order");
    }
    Files.writeString(file, updated, StandardCharsets.UTF_8);
  }
}
