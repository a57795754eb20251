package org.jnvm.bench.tpcb;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * What one {@link KillRun} measured, read off its children's reports. The checks a recovery must
 * pass are made here too, so that a fast but wrong recovery cannot be reported as a result.
 *
 * @param throughputBefore transactions per second over the second half of the first child's run
 * @param throughputAfter the same over the second half of the last child's run
 * @param killsMs when the kills came, in ms from the first
 * @param restarts one per kill
 * @param liveObjects the objects the last recovery kept (0 for volatile)
 * @param reported transactions the killed children reported committed, summed over the kills
 * @param lost of those, how many the restarted children did not find
 * @param auditRecords the history records the final audit found
 * @param intervals transactions per {@value Settings#INTERVAL_MS} ms interval, by the interval's
 *     start in ms from the first kill
 * @param problems what the checks found wrong; empty when the run counts
 */
record Figures(
    TpcbSystem system,
    double throughputBefore,
    double throughputAfter,
    List<Double> killsMs,
    List<Restart> restarts,
    long liveObjects,
    long reported,
    long lost,
    long auditRecords,
    TreeMap<Long, Long> intervals,
    List<String> problems) {
  /** "Back to nominal" is the first interval at this share of the throughput before the first kill. */
  private static final double NOMINAL = 0.9;

  /**
   * One restart; times in ms from the kill.
   *
   * @param restartMs to the restarted child's ready line: JVM start, heap open with recovery (or
   *     the volatile build), and the bank's attach
   * @param uptimeMs the restarted JVM's age when it was ready
   * @param openMs its {@code Heap.open}, recovery included (0 for volatile)
   * @param bankMs its bank's attach (jnvm) or build (volatile)
   * @param nominalMs to the end of the first interval back at 90% of the throughput before the
   *     first kill; NaN if the child did not get there before it was killed or stopped
   */
  record Restart(double restartMs, double uptimeMs, double openMs, double bankMs, double nominalMs) {}

  static Figures of(KillRun.Result r, Settings settings) {
    List<List<ChildOutput.Line>> children = r.children();
    List<String> problems = new ArrayList<>();
    double before = rate(children.get(0), r.kills().get(0) - nanos(settings.beforeKill() / 2), r.kills().get(0));
    List<ChildOutput.Line> last = children.get(children.size() - 1);
    double after = rate(last, ready(last).nanos() + nanos(settings.afterKill() / 2), Long.MAX_VALUE);
    if (!(before > 0) || !(after > 0)) {
      problems.add("no throughput measured: " + before + " tx/s before the first kill, " + after + " after the last");
    }

    List<Restart> restarts = new ArrayList<>();
    long reported = 0;
    long lost = 0;
    for (int k = 0; k < r.kills().size(); k++) {
      long kill = r.kills().get(k);
      List<ChildOutput.Line> killed = children.get(k);
      List<ChildOutput.Line> restarted = children.get(k + 1);
      // ready UPTIME_MS OPEN_NS BANK_NS LAST_TX LIVE_OBJECTS
      String[] ready = fields(ready(restarted));
      long newestReported = Long.parseLong(fields(ready(killed))[3]) + lastCount(killed);
      long found = Long.parseLong(ready[3]);
      reported += newestReported - Long.parseLong(fields(ready(killed))[3]);
      lost += Math.max(0, newestReported - found);
      if (r.system().persistent() && found < newestReported) {
        problems.add("after kill " + (k + 1) + " the bank ends with transaction " + found + ", but the killed child had reported " + newestReported + " committed");
      }
      double nominal = Double.NaN;
      for (var e : bin(restarted, kill).tailMap(0L).entrySet()) {
        if (e.getValue() >= NOMINAL * before * Settings.INTERVAL_MS / 1000) {
          nominal = e.getKey() + Settings.INTERVAL_MS;
          break;
        }
      }
      restarts.add(new Restart((ready(restarted).nanos() - kill) / 1e6, Double.parseDouble(ready[0]), Long.parseLong(ready[1]) / 1e6,
          Long.parseLong(ready[2]) / 1e6, nominal));
    }

    long records = -1;
    ChildOutput.Line audit = last.stream().filter(l -> l.text().startsWith("audit ")).findFirst().orElse(null);
    if (audit == null) {
      problems.add("the last child did not audit its bank");
    } else {
      // audit RECORDS LAST_TX VIOLATIONS
      String[] f = fields(audit);
      records = Long.parseLong(f[0]);
      if (Long.parseLong(f[2]) != 0) {
        problems.add("the final audit found " + f[2] + " violations (the first are in the children's log)");
      }
      if (records != Long.parseLong(f[1])) {
        problems.add("the history holds " + records + " records but ends with transaction " + f[1]);
      }
    }
    TreeMap<Long, Long> intervals = new TreeMap<>();
    for (List<ChildOutput.Line> child : children) {
      bin(child, r.kills().get(0)).forEach((t, n) -> intervals.merge(t, n, Long::sum));
    }
    long live = Long.parseLong(fields(ready(last))[4]);
    List<Double> killsMs = r.kills().stream().map(k -> (k - r.kills().get(0)) / 1e6).toList();
    return new Figures(r.system(), before, after, killsMs, List.copyOf(restarts), live, reported, lost, records, intervals, List.copyOf(problems));
  }

  /** The median of a restart figure over the kills. */
  double median(ToDoubleFunction<Restart> figure) {
    double[] v = restarts.stream().mapToDouble(figure).sorted().toArray();
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  /** The intervals from the first to the last, with those no report fell in as 0. */
  TreeMap<Long, Long> filledIntervals() {
    TreeMap<Long, Long> all = new TreeMap<>();
    if (!intervals.isEmpty()) {
      for (long t = intervals.firstKey(); t <= intervals.lastKey(); t += Settings.INTERVAL_MS) {
        all.put(t, intervals.getOrDefault(t, 0L));
      }
    }
    return all;
  }

  /** A line's fields after its keyword. */
  private static String[] fields(ChildOutput.Line line) {
    String text = line.text();
    return text.substring(text.indexOf(' ') + 1).split(" ", -1);
  }

  private static ChildOutput.Line ready(List<ChildOutput.Line> lines) {
    return lines.stream().filter(l -> l.text().startsWith("ready ")).findFirst().orElseThrow(() -> new IllegalStateException("a child has no ready line"));
  }

  private static long lastCount(List<ChildOutput.Line> lines) {
    long count = 0;
    for (ChildOutput.Line l : lines) {
      if (l.text().startsWith("n ")) {
        count = Long.parseLong(l.text().substring(2));
      }
    }
    return count;
  }

  /** Transactions per second between the first and the last report inside [from, to]. */
  private static double rate(List<ChildOutput.Line> lines, long from, long to) {
    long firstNanos = 0;
    long firstCount = -1;
    long lastNanos = 0;
    long lastCount = 0;
    for (ChildOutput.Line l : lines) {
      if (!l.text().startsWith("n ") || l.nanos() < from || l.nanos() > to) {
        continue;
      }
      long count = Long.parseLong(l.text().substring(2));
      if (firstCount < 0) {
        firstNanos = l.nanos();
        firstCount = count;
      }
      lastNanos = l.nanos();
      lastCount = count;
    }
    return lastNanos > firstNanos ? (lastCount - firstCount) * 1e9 / (lastNanos - firstNanos) : Double.NaN;
  }

  /** One child's transactions by the interval, counted from {@code origin}, its reports arrived in. */
  private static TreeMap<Long, Long> bin(List<ChildOutput.Line> lines, long origin) {
    TreeMap<Long, Long> intervals = new TreeMap<>();
    long previous = 0;
    for (ChildOutput.Line l : lines) {
      if (!l.text().startsWith("n ")) {
        continue;
      }
      long count = Long.parseLong(l.text().substring(2));
      long interval = Math.floorDiv(l.nanos() - origin, Settings.INTERVAL_MS * 1_000_000) * Settings.INTERVAL_MS;
      intervals.merge(interval, count - previous, Long::sum);
      previous = count;
    }
    return intervals;
  }

  private static long nanos(double seconds) {
    return (long) (seconds * 1e9);
  }
}
