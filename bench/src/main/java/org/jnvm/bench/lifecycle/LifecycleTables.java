package org.jnvm.bench.lifecycle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jnvm.pdt.Policy;

/** The Markdown of the pdt-lifecycle section, from the measured figures. */
final class LifecycleTables {
  private LifecycleTables() {}

  static String render(
      String header, List<StringSpace> space, int entries, int rounds, List<Long> baseline, Map<Policy, Resurrection.Samples> samples) {
    StringBuilder s = new StringBuilder();
    s.append("## Persistent data types: space of small strings and resurrection of a large map\n\n")
        .append("Written by `org.jnvm.bench.lifecycle.PdtLifecycleReport` (bench/run-pdt); do not edit by hand, run it again.\n\n")
        .append(header)
        .append("\n### Space of small strings\n\n")
        .append(String.format(Locale.ROOT,
            "%,d strings of each length made with `PString.of`, which puts a small one in a slot of a pool block shared with"
                + " other strings (the paper's section 4.4), against as many of the same objects allocated in whole blocks, which"
                + " is what every string took before the pools. Space = blocks taken from the allocator (the bump pointer's"
                + " advance; nothing is freed) × 256 B, per string. Ratio = pooled / whole blocks, lower is better.%n%n", space.get(0).strings()))
        .append("| characters | pooled (B per string) | whole blocks (B per string) | pooled / whole blocks | space saved |\n")
        .append("|---:|---:|---:|---:|---:|\n");
    for (StringSpace sp : space) {
      s.append(String.format(Locale.ROOT, "| %d | %.1f | %.1f | %.2fx | %.0f%% |%n",
          sp.chars(), sp.pooledBytes(), sp.wholeBlockBytes(), sp.pooledBytes() / sp.wholeBlockBytes(), 100 * sp.saved()));
    }
    s.append("\n### Resurrection of a ").append(String.format(Locale.ROOT, "%,d", entries)).append("-entry map\n\n")
        .append(String.format(Locale.ROOT,
            "A `PHashMap<PLong, PLong>` of %,d entries per policy, the three maps in one heap sharing their keys and values."
                + " Resurrection = `roots().get` of the map on a heap just opened: the proxy is attached and the volatile mirror"
                + " rebuilt from a scan of the slot array; `BASE` and `CACHED` make no value proxy, `EAGER` makes them all. The"
                + " baseline is a volatile program's least work on restart: filling a `java.util.HashMap<Long, Long>` with as"
                + " many entries, timed in the same rounds. %d rounds; the policies' order rotates between rounds; fastest and"
                + " median of the rounds; ratio = the map's median / the baseline's median (lower is faster). The heap's open"
                + " (the recovery GC over all three maps) is timed apart.%n%n", entries, rounds))
        .append("| what | fastest (ms) | median (ms) | ratio to the volatile rebuild | heap open with recovery, median (ms) |\n")
        .append("|---|---:|---:|---:|---:|\n");
    double base = median(baseline);
    s.append(String.format(Locale.ROOT, "| java.util.HashMap filled from nothing (baseline) | %.0f | %.0f | 1.00x | - |%n", min(baseline), base));
    for (Map.Entry<Policy, Resurrection.Samples> e : samples.entrySet()) {
      Resurrection.Samples r = e.getValue();
      s.append(String.format(Locale.ROOT, "| PHashMap, %s | %.0f | %.0f | %.2fx | %.0f |%n",
          e.getKey(), min(r.resurrect()), median(r.resurrect()), median(r.resurrect()) / base, median(r.open())));
    }
    return s.toString();
  }

  private static double min(List<Long> nanos) {
    return Collections.min(nanos) / 1e6;
  }

  private static double median(List<Long> nanos) {
    List<Long> sorted = new ArrayList<>(nanos);
    Collections.sort(sorted);
    int n = sorted.size();
    return (n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0) / 1e6;
  }
}
