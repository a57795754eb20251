package org.jnvm.heap;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import org.jnvm.PObject;
import org.jnvm.errors.JnvmException;
import org.jnvm.fixtures.DamageCampaign;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.RefArray;
import org.jnvm.fixtures.ShmTempDir;
import org.jnvm.fixtures.Tally;
import org.jnvm.fixtures.Text;
import org.jnvm.fixtures.Wide;
import org.jnvm.heap.format.Geometry;
import org.jnvm.recovery.RecoveryMode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A heap file is untrusted input: damaged copies of a real heap must open and be usable, or fail
 * with a clear jnvm exception. Nothing else may escape, and the JVM must not crash.
 */
class CorruptionTest {
  private static final int CASES = DamageCampaign.cases(400);

  @TempDir(factory = ShmTempDir.class)
  Path dir;

  private DamageCampaign.Pristine pristine;

  @BeforeEach
  void buildHeap() {
    pristine = DamageCampaign.build(dir, 1 << 20, heap -> {
      Node head = new Node(heap, 0).publish();
      Node tail = head;
      for (int i = 1; i < 30; i++) {
        Node n = new Node(heap, i).publish();
        tail.updateNext(n);
        tail = n;
      }
      heap.roots().put("list", head);
      Wide w = new Wide(heap);
      for (int i = 0; i < Wide.SLOTS; i++) {
        w.set(i, i);
      }
      w.setLink(head);
      w.pwb();
      heap.roots().put("wide", w);
      RefArray a = new RefArray(heap, 20);
      for (int i = 0; i < 20; i += 3) {
        a.set(i, new Node(heap, 100 + i).publish());
      }
      a.set(1, w);
      a.set(2, new Text(heap, "short"));
      a.set(4, new Text(heap, "another short one"));
      a.pwb();
      heap.roots().put("array", a);
      heap.roots().put("tally", new Tally(heap, 3));
      new Node(heap, -1).publish(); // garbage for the collector
    });
  }

  @Test
  void randomByteFlipsAndTruncationsNeverEscapeAsAnythingButAClearException() throws IOException {
    DamageCampaign.run(
        CASES,
        pristine,
        dir,
        (file, random, seed) -> seed % 10 == 9 ? truncate(file, random) : DamageCampaign.flip(file, random, 6, this::target),
        (file, seed) -> exercise(file, seed % 4 == 3 ? RecoveryMode.NO_GC : RecoveryMode.GC),
        JnvmException.class,
        IndexOutOfBoundsException.class);
  }

  /** Where damage matters most: metadata, the headers in use, and the data in use. */
  private long target(Random random) {
    Geometry geometry = pristine.geometry();
    return switch (random.nextInt(5)) {
      case 0 -> random.nextInt(320); // superblock fields
      case 1 -> geometry.rootTableOffset() + random.nextInt(4 * Geometry.ROOT_ENTRY_BYTES);
      case 2 -> geometry.registryOffset() + random.nextInt(512);
      case 3 -> pristine.inUsedHeaders(random);
      default -> pristine.inUsedData(random);
    };
  }

  private String truncate(Path file, Random random) throws IOException {
    long length = (long) (random.nextDouble() * Files.size(file));
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.truncate(length);
    }
    return "truncated to " + length;
  }

  /** Opens the heap, reads everything reachable, allocates and frees. */
  private static void exercise(Path file, RecoveryMode mode) {
    try (Heap heap = Heap.open(file, HeapConfig.existing().recovery(mode))) {
      for (String name : heap.roots().names()) {
        visit(heap.roots().get(name), 0);
      }
      Node fresh = new Node(heap, 5).publish();
      heap.roots().put("fresh", fresh);
      PObject list = heap.roots().get("list");
      if (list != null) {
        heap.roots().remove("list");
        heap.free(list);
      }
    }
  }

  private static void visit(PObject o, int depth) {
    if (o == null || depth > 100) {
      return;
    }
    if (o instanceof Node n) {
      n.getValue();
      visit(n.getNext(), depth + 1);
    } else if (o instanceof Wide w) {
      for (int i = 0; i < Wide.SLOTS; i++) {
        w.get(i);
      }
      visit(w.getLink(), depth + 1);
    } else if (o instanceof RefArray a) {
      int n = Math.min(a.length(), 1000);
      for (int i = 0; i < n; i++) {
        visit(a.get(i), depth + 1);
      }
    } else if (o instanceof Tally t) {
      t.checked();
    } else if (o instanceof Text t) {
      assertTrue(t.toString().length() < 1000);
    } else {
      fail("unexpected class " + o.getClass());
    }
  }
}
