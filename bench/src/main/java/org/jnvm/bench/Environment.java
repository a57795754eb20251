package org.jnvm.bench;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** What the reports say about the machine and the code it measured, read from /proc, the JVM and git. */
public final class Environment {
  private Environment() {}

  /** The 1, 5 and 15 minute load averages, or "?". */
  public static String loadAverage() {
    List<String> fields = List.of(firstLine("/proc/loadavg").split("\\s+", -1));
    return fields.size() >= 3 ? String.join(" ", fields.subList(0, 3)) : "?";
  }

  /** CPU model, logical CPUs, memory and kernel. */
  public static String machine() {
    List<String> cpuinfo = lines("/proc/cpuinfo");
    String model = cpuinfo.stream().filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse("unknown CPU");
    long cpus = cpuinfo.stream().filter(l -> l.startsWith("processor")).count();
    String memory =
        lines("/proc/meminfo").stream()
            .filter(l -> l.startsWith("MemTotal:"))
            .map(l -> String.format(Locale.ROOT, "%.1f GiB", Long.parseLong(l.replaceAll("\\D", "")) / 1048576.0))
            .findFirst()
            .orElse("unknown memory");
    return model + ", " + cpus + " logical CPUs (" + Runtime.getRuntime().availableProcessors() + " for the JVM), " + memory + ", "
        + System.getProperty("os.name") + " " + System.getProperty("os.version");
  }

  /**
   * Which instruction the clwb backend's write-back becomes under {@code jvm}: HotSpot emits CLWB
   * if its CPU feature list has clwb, else CLFLUSHOPT (which evicts the line), else CLFLUSH.
   */
  public static String writeBack(String jvm) {
    String features = output(jvm, "-Xlog:os+cpu=info", "-version").stream().filter(l -> l.contains("CPU: total")).findFirst().orElse("");
    List<String> flags = Stream.of(features.split("[,\\s]+", -1)).toList();
    if (features.isEmpty()) {
      return "Which write-back instruction the JVM uses could not be read.";
    }
    String used = flags.contains("clwb") ? "CLWB, which keeps the line cached" : flags.contains("clflushopt") ? "CLFLUSHOPT, which evicts the line (this JVM does not list clwb)" : "CLFLUSH";
    return "The JVM's write-back compiles to " + used + " (HotSpot's `-Xlog:os+cpu` feature list).";
  }

  /**
   * The pages memory sits on: whether this JVM keeps its heap on transparent huge pages, and what
   * the kernel grants anonymous memory and tmpfs files (where the jnvm heaps are).
   */
  public static String pages() {
    HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
    boolean javaHeap = Boolean.parseBoolean(hotSpot.getVMOption("UseTransparentHugePages").getValue());
    return "the Java heap is " + (javaHeap ? "on transparent huge pages (-XX:+UseTransparentHugePages)" : "on the kernel's default pages")
        + "; " + hugePageSettings();
  }

  /** What the kernel grants: its transparent huge pages settings for anonymous memory and for tmpfs. */
  public static String hugePageSettings() {
    return "the kernel's transparent huge pages setting is " + hugePages("enabled") + " for anonymous memory and " + hugePages("shmem_enabled")
        + " for tmpfs";
  }

  /** The chosen value of a transparent huge pages setting, the one sysfs prints in brackets. */
  private static String hugePages(String setting) {
    String line = firstLine("/sys/kernel/mm/transparent_hugepage/" + setting);
    int open = line.indexOf('[');
    int close = line.indexOf(']');
    return open >= 0 && close > open ? "\"" + line.substring(open + 1, close) + "\"" : "unknown";
  }

  /** The commit measured and any uncommitted change to the modules the benchmarks run. */
  public static String gitState() {
    List<String> head = output("git", "rev-parse", "--short", "HEAD");
    if (head.isEmpty()) {
      return "not a git checkout";
    }
    List<String> changed = output("git", "status", "--porcelain", "--", "pom.xml", "runtime/src", "pdt/src", "samples/src", "bench/pom.xml", "bench/src");
    return "commit " + head.get(0)
        + (changed.isEmpty() ? ", with runtime, pdt, samples and bench as committed" : ", with uncommitted changes to " + String.join(", ", changed.stream().map(l -> "`" + l.substring(3) + "`").toList()));
  }

  private static String firstLine(String file) {
    List<String> all = lines(file);
    return all.isEmpty() ? "" : all.get(0);
  }

  private static List<String> lines(String file) {
    try {
      return Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return List.of();
    }
  }

  /** What a short command prints (standard output and error), or nothing if it cannot run or fails. */
  private static List<String> output(String... command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      List<String> printed = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
      return process.waitFor() == 0 ? printed : List.of();
    } catch (IOException e) {
      return List.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return List.of();
    }
  }
}
