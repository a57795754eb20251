package org.jnvm.persist;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jnvm.errors.PersistenceUnavailableException;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;

/** Run in a child JVM by {@link BackendsTest}: opens a heap with the clwb backend and flushes. */
public final class ClwbProbe {
  private ClwbProbe() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    try (Heap heap = Heap.create(file, HeapConfig.ofSize(1 << 20).persistence("clwb"))) {
      for (int i = 0; i < 20_000; i++) {
        heap.persistence().pwb(heap.blocks().address(heap.geometry().firstDataBlock()));
        heap.pfence();
      }
      System.out.println("flushed");
    } catch (PersistenceUnavailableException e) {
      System.out.println("refused: " + e.getMessage());
    } finally {
      Files.deleteIfExists(file);
    }
  }
}
