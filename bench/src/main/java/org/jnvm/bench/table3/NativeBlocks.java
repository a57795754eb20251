package org.jnvm.bench.table3;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The C side of Table 3: runs the program built from {@code bench/src/main/c/table3.c} on the
 * heap file that {@link RuntimeBlocks} filled, and reads back its passes.
 */
final class NativeBlocks {
  private final Path program;

  NativeBlocks(Path program) {
    this.program = program;
  }

  /** The program's passes; fails unless it ran the same permutation as the Java side. */
  List<Pass> runAll(Path file, long firstOffset, int count, long seed, int warmups, int passes, long stamp, long fingerprint)
      throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(
                program.toString(), file.toString(), Long.toString(firstOffset), Integer.toString(count), Long.toString(seed),
                Integer.toString(warmups), Integer.toString(passes), Long.toString(stamp))
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    List<String> lines = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    int exit = process.waitFor();
    if (exit != 0 || lines.isEmpty()) {
      throw new IllegalStateException(program + " exited with status " + exit + " after printing " + lines);
    }
    String expected = "permutation " + Long.toUnsignedString(fingerprint);
    if (!lines.get(0).equals(expected)) {
      throw new IllegalStateException(program + " printed \"" + lines.get(0) + "\", the Java side's order is \"" + expected + "\"");
    }
    List<Pass> done = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(" ", -1);
      if (f.length != 4) {
        throw new IllegalStateException(program + " printed an unexpected line: " + line);
      }
      done.add(new Pass(Pattern.ofLabel(f[0]), Integer.parseInt(f[1]), Long.parseLong(f[2]), Long.parseUnsignedLong(f[3])));
    }
    return done;
  }
}
