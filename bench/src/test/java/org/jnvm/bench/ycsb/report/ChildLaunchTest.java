package org.jnvm.bench.ycsb.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jnvm.bench.ycsb.YcsbBinding;
import org.jnvm.bench.ycsb.report.YcsbReport.Child;
import org.jnvm.bench.ycsb.store.ShmDirectories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A round of the report's own children, each in a JVM started with the command line the reports
 * give them ({@link YcsbReport#childJvm}): jnvm's and the peers' exports and opens, a pre-touched
 * heap on huge pages. The in-process smoke test runs every binding too, but under surefire's flags;
 * only a real child shows that the JDK running the tests accepts the children's flags and that
 * every store opens, loads and answers with them. The sizes are tiny; the command line is the one
 * the reports use.
 */
class ChildLaunchTest {
  private static final Settings TINY = new Settings("test", 200, 400, 1, 256, 1, Duration.ZERO, Duration.ZERO);
  private static final Path PEER_FLAGS = Path.of("ycsb/peer-jvm-flags");
  private static final Path WORKLOADS = Path.of("ycsb/workloads");
  /** The children's output, kept after the test for a failure's diagnosis. */
  private static final Path LOG = Path.of("target/child-launch-test.log");

  private Path heaps;

  @BeforeEach
  void createHeaps() throws IOException {
    heaps = ShmDirectories.create();
  }

  @AfterEach
  void deleteHeaps() throws IOException {
    ShmDirectories.delete(heaps);
  }

  @Test
  void everyChildOfARoundRunsItsWorkloadsWithTheReportsFlags() throws IOException, InterruptedException {
    List<String> jvm = YcsbReport.childJvm(TINY, PEER_FLAGS, System.getProperty("java.class.path"));
    Files.deleteIfExists(LOG);
    ChildRunner children = new ChildRunner(jvm, WORKLOADS, heaps, LOG);
    String threads = YcsbReport.THREADS.stream().map(String::valueOf).collect(Collectors.joining(","));
    int stealCounted = 0;
    for (Child child : YcsbReport.order(1)) {
      List<Run> runs = children.run(1, child.binding(), child.map(), threads, child.letters(), TINY);
      assertEquals(YcsbReport.THREADS.size() * child.letters().length(), runs.size(), child.label() + ": a run per thread count and workload");
      Set<Character> workloads = new TreeSet<>();
      for (Run run : runs) {
        workloads.add(run.workload());
        assertTrue(run.ops() > 0 && run.seconds() > 0, child.label() + " ran nothing of " + run.key());
        assertTrue(run.time().gcPauseSeconds() >= 0 && run.time().clientCpuSeconds() > 0, child.label() + ": " + run.time() + " in " + run.key());
        assertTrue(run.clientOnCpuShare() <= 1, child.label() + ": its client threads' CPU time is inside the run's clock, not " + run.clientOnCpuShare());
        // A run shorter than the kernel's tick sees no tick of any CPU go by, and its steal is unknown.
        assertTrue(!(run.time().stealShare() < 0), child.label() + ": /proc/stat's steal time, " + run.time().stealShare());
        if (!Double.isNaN(run.time().stealShare())) {
          stealCounted++;
        }
        if (!(child.binding() == YcsbBinding.CHRONICLE_MAP && run.workload() == 'e')) {
          assertEquals(0, run.failed(), child.label() + ": operations failed in " + run.key() + "; see " + LOG);
        }
      }
      assertEquals(child.letters().chars().mapToObj(c -> (char) c).collect(Collectors.toCollection(TreeSet::new)), workloads, child.label());
    }
    assertTrue(stealCounted > 0, "/proc/stat's steal time, counted over no run");
    String commands = Files.readAllLines(LOG, StandardCharsets.UTF_8).stream().filter(l -> l.startsWith("### ")).collect(Collectors.joining("\n"));
    assertEquals(YcsbReport.order(1).size(), commands.lines().count(), "one command line a child");
    assertTrue(commands.lines().allMatch(c -> c.contains(" " + YcsbReport.JAVA_HEAP_HUGE_PAGES + " ") && c.contains(" -Xmx" + TINY.childHeapMiB() + "m ")), commands);
    try (Stream<Path> left = Files.list(heaps)) {
      assertEquals(List.of(), left.toList(), "every child's store is deleted");
    }
  }
}
