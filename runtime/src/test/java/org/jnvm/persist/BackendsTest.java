package org.jnvm.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jnvm.errors.PersistenceUnavailableException;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.RecordingPersistence;
import org.jnvm.fixtures.ShmTempDir;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BackendsTest {
  @TempDir(factory = ShmTempDir.class)
  Path shm;

  @TempDir
  Path disk;

  private static void roundTrip(Path file, HeapConfig config, String expected) {
    try (Heap heap = Heap.create(file, config)) {
      assertEquals(expected, heap.persistence().name());
      Node n = new Node(heap, 77);
      n.pwb();
      heap.roots().put("n", n);
      heap.psync();
    }
    try (Heap heap = Heap.open(file, HeapConfig.existing().persistence(expected))) {
      assertEquals(77, heap.roots().get("n", Node.class).getValue());
    }
  }

  @Test
  void clwbRunsWhenTheJdkExportsItsIntrinsics() {
    // The build passes --add-exports and --add-opens for jdk.internal.misc to the tests.
    roundTrip(shm.resolve("c.heap"), HeapConfig.ofSize(1 << 20).persistence("clwb"), "clwb");
  }

  @Test
  void msyncAndNoneWork() {
    roundTrip(disk.resolve("m.heap"), HeapConfig.ofSize(1 << 20).persistence("msync"), "msync");
    roundTrip(shm.resolve("n.heap"), HeapConfig.ofSize(1 << 20).persistence("none"), "none");
  }

  @Test
  void autoPicksByFileSystem() throws Exception {
    if (shm.startsWith("/dev/shm")) {
      try (Heap heap = Heap.create(shm.resolve("a.heap"), HeapConfig.ofSize(1 << 20).persistence("auto"))) {
        assertEquals("clwb", heap.persistence().name(), "tmpfs is the paper's emulated NVMM");
      }
    }
    String diskType = Files.getFileStore(disk).type();
    if (!diskType.equals("tmpfs")) {
      try (Heap heap = Heap.create(disk.resolve("a.heap"), HeapConfig.ofSize(1 << 20).persistence("auto"))) {
        assertEquals("msync", heap.persistence().name(), "a disk file system gets msync (" + diskType + ")");
      }
    }
  }

  @Test
  void theSystemPropertyChoosesWhenTheOptionIsAbsent() {
    String old = System.getProperty(Backends.PROPERTY);
    System.setProperty(Backends.PROPERTY, "none");
    try (Heap heap = Heap.create(shm.resolve("p.heap"), HeapConfig.ofSize(1 << 20))) {
      assertEquals("none", heap.persistence().name());
    } finally {
      if (old == null) {
        System.clearProperty(Backends.PROPERTY);
      } else {
        System.setProperty(Backends.PROPERTY, old);
      }
    }
  }

  @Test
  void unavailableOrUnknownBackendsSayWhatToDo() {
    PersistenceUnavailableException e =
        assertThrows(
            PersistenceUnavailableException.class,
            () -> Heap.create(shm.resolve("x.heap"), HeapConfig.ofSize(1 << 20).persistence("patched")));
    assertTrue(e.getMessage().contains("hotspot-patch"), e.getMessage());
    IllegalArgumentException u = assertThrows(IllegalArgumentException.class, () -> HeapConfig.ofSize(1 << 20).persistence("clflush"));
    assertTrue(u.getMessage().contains("[auto, clwb, msync, none, patched]"), u.getMessage());
  }

  /**
   * On JDK 25, the JDK's write-back intrinsics crash a JVM without the C2 compiler. The clwb
   * backend must refuse to run there, never crash: a child JVM limited to C1 tries it.
   */
  @Test
  void clwbRefusesAJvmWhoseIntrinsicsWouldCrashIt() throws Exception {
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb =
        new ProcessBuilder(
                javaBin, "-XX:TieredStopAtLevel=1",
                "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "-Djava.util.logging.config.file=" + System.getProperty("java.util.logging.config.file", ""),
                "-cp", System.getProperty("java.class.path"),
                ClwbProbe.class.getName(), shm.resolve("probe.heap").toString())
            .redirectErrorStream(true);
    Process child = pb.start();
    String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, child.waitFor(), out);
    if (Runtime.version().feature() >= 18) {
      assertTrue(out.contains("refused: ") && out.contains("TieredStopAtLevel"), out);
    } else {
      assertTrue(out.contains("flushed"), out);
    }
  }

  @Test
  void allocationAndFreeIssueNoFence() {
    RecordingPersistence rec = new RecordingPersistence();
    try (Heap heap = Heap.create(shm.resolve("r.heap"), HeapConfig.ofSize(8 << 20).persistence(file -> rec))) {
      new Node(heap, 0); // the first allocation reserves a window of blocks: one fence
      long fences = rec.pfences.get();
      long pwbs = rec.pwbs.get();
      Node[] nodes = new Node[1000];
      for (int i = 0; i < nodes.length; i++) {
        nodes[i] = new Node(heap, i);
      }
      assertEquals(fences, rec.pfences.get(), "allocation within a window fences nothing");
      assertEquals(pwbs, rec.pwbs.get(), "one-block allocation writes nothing back");
      for (Node n : nodes) {
        heap.free(n);
      }
      assertEquals(fences, rec.pfences.get(), "free fences nothing");
      assertEquals(pwbs + nodes.length, rec.pwbs.get(), "free writes back each invalidated header once");
      nodes[0] = new Node(heap, 1);
      nodes[1] = new Node(heap, 2);
      nodes[1].validate();
      assertEquals(pwbs + nodes.length + 1, rec.pwbs.get(), "validate writes back the header");
    }
  }
}
