package org.jnvm.bench;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Locale;

/**
 * A probe of the host under this virtual machine: the share of a short stretch of random reads,
 * over memory this process has touched, spent in steps that took more than {@link #STALL_NANOS}.
 *
 * <p>A shared host can take a guest's memory back and fault it in again when the guest next
 * touches it. Each such access then waits for the host, for tens of microseconds or more, and
 * nothing in the guest counts it: not the load average, not steal time. Benchmarks whose working
 * set is gigabytes of memory slow down by tens of percent, whatever they measure. A YCSB report
 * found every child of its last quarter hour 20–50% slower, the blackhole included; a probe like
 * this one, run just after, spent a third to a half of its time in such waits, and about 1% when
 * it read no memory at all. Reports run it between their measurements and print what it found, so
 * that a disturbed run can be told from a change of the code.
 */
public final class HostStalls {
  /** A step of {@link #READS_PER_STEP} reads that took longer than this waited for something. */
  public static final long STALL_NANOS = 20_000;
  /** Reads between two clock reads: enough to cost far more than the clock, far less than a stall. */
  public static final int READS_PER_STEP = 16;
  private static final int PAGE = 4096;

  private final ByteBuffer memory;
  private final int words;
  private long random = 0x9E3779B97F4A7C15L;
  /** Where the reads go, so that the JIT cannot drop them. */
  private long sink;

  /** A probe over {@code bytes} of direct memory, every page of which it touches now. */
  public HostStalls(int bytes) {
    if (bytes < PAGE) {
      throw new IllegalArgumentException("a probe needs at least a page of memory, not " + bytes + " bytes");
    }
    this.memory = ByteBuffer.allocateDirect(bytes);
    this.words = bytes / Long.BYTES;
    for (int at = 0; at < bytes; at += PAGE) {
      memory.put(at, (byte) 1);
    }
  }

  /**
   * Probes the host once a second for a while, to check it before measuring anything by hand:
   * {@code java -cp bench/target/benchmarks.jar org.jnvm.bench.HostStalls [SECONDS [MIB]]}, 10 s
   * over 256 MiB by default.
   */
  public static void main(String[] args) {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    int mebibytes = args.length > 1 ? Integer.parseInt(args[1]) : 256;
    HostStalls probe = new HostStalls(bytesOf(mebibytes));
    for (int i = 1; i <= seconds; i++) {
      System.out.println("second " + i + ": stalled " + percent(probe.stalledShare(Duration.ofSeconds(1))) + " of the time over " + mebibytes + " MiB");
    }
  }

  /** {@code mebibytes} in bytes, refused unless a direct buffer can hold them: under 2 GiB. */
  static int bytesOf(int mebibytes) {
    if (mebibytes < 1 || mebibytes >= 2048) {
      throw new IllegalArgumentException("a probe reads 1 to 2047 MiB, not " + mebibytes);
    }
    return mebibytes << 20;
  }

  /** Reads at random for {@code span}, and returns the share of it spent in stalled steps, from 0 to 1. */
  public double stalledShare(Duration span) {
    Tally tally = new Tally(STALL_NANOS);
    long x = random;
    long sum = 0;
    long last = System.nanoTime();
    long end = last + span.toNanos();
    long now;
    do {
      for (int i = 0; i < READS_PER_STEP; i++) {
        x = x * 6364136223846793005L + 1442695040888963407L;
        sum += memory.getLong((int) ((x >>> 33) % words) * Long.BYTES);
      }
      now = System.nanoTime();
      tally.add(now - last);
      last = now;
    } while (now < end);
    random = x;
    sink += sum;
    return tally.share();
  }

  /** A share as a percentage with one decimal, as the reports print it; "unknown" for NaN, a share nobody counted. */
  public static String percent(double share) {
    return Double.isNaN(share) ? "unknown" : String.format(Locale.ROOT, "%.1f%%", share * 100);
  }

  /** Time in steps, and the part of it in steps slower than the stall threshold. */
  static final class Tally {
    private final long stallNanos;
    private long total;
    private long stalled;

    Tally(long stallNanos) {
      this.stallNanos = stallNanos;
    }

    void add(long stepNanos) {
      total += stepNanos;
      if (stepNanos > stallNanos) {
        stalled += stepNanos;
      }
    }

    double share() {
      return total == 0 ? 0 : (double) stalled / total;
    }
  }
}
