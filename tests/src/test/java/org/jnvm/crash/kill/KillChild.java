package org.jnvm.crash.kill;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;

/**
 * The child JVM of the kill harness: {@code KillChild WORKLOAD HEAP}. It opens the heap (which
 * recovers it), prints {@code ready}, then runs the workload and prints {@code c ID} after each
 * committed step. Each line is one write of a few bytes to the pipe, which is atomic, so the parent
 * never reads part of a line as a whole one.
 */
public final class KillChild {
  private KillChild() {}

  public static void main(String[] args) {
    KillWorkload workload = KillWorkloads.byName(args[0]);
    FileOutputStream out = new FileOutputStream(FileDescriptor.out);
    try (Heap heap = Heap.open(Path.of(args[1]), HeapConfig.existing())) {
      say(out, "ready");
      workload.run(heap, id -> say(out, "c " + id));
    }
  }

  private static void say(FileOutputStream out, String line) {
    try {
      out.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
