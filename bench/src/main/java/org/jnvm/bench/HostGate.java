package org.jnvm.bench;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * Starts each measurement of a report on a calm host, within an allowance of waiting, and reads
 * the host again when it ends.
 *
 * <p>On this shared VM a {@link HostStalls} probe reads 5–8% on a calm host. Full YCSB runs read
 * 18–30% before the child that followed a durable peer's, and one child ran at 37% of its other
 * round's speed while the probe before it had read 6.2%: the host turned bad during it, which only
 * a reading after it can show. So the gate probes until a reading is calm before it lets a
 * measurement start, for at most {@code longestWait} each time and {@code wholeRunWait} in all,
 * so that a host that stays bad delays a report by a known bound and no more, and it probes once
 * more after each measurement.
 */
public final class HostGate {
  /** A reading at most this high finds the host calm. */
  public static final double CALM = 0.10;

  private final DoubleSupplier probe;
  private final Duration probeSpan;
  private final long longestWaitProbes;
  private long probesLeft;

  /**
   * A gate whose {@code probe} returns the stalled share of one reading, taking {@code probeSpan}:
   * it waits for at most {@code longestWait} before a measurement, and {@code wholeRunWait} in all.
   */
  public HostGate(DoubleSupplier probe, Duration probeSpan, Duration longestWait, Duration wholeRunWait) {
    if (probeSpan.isZero() || probeSpan.isNegative() || longestWait.isNegative() || wholeRunWait.isNegative()) {
      throw new IllegalArgumentException("a gate probes for a positive time and waits for none or some: probe " + probeSpan + ", wait "
          + longestWait + ", in all " + wholeRunWait);
    }
    this.probe = probe;
    this.probeSpan = probeSpan;
    this.longestWaitProbes = longestWait.dividedBy(probeSpan);
    this.probesLeft = wholeRunWait.dividedBy(probeSpan);
  }

  /** A gate on this JVM's {@link HostState#probe()}, read for {@link HostState#PROBE_SPAN} at a time. */
  public static HostGate onThisHost(Duration longestWait, Duration wholeRunWait) {
    HostStalls host = HostState.probe();
    return new HostGate(() -> host.stalledShare(HostState.PROBE_SPAN), HostState.PROBE_SPAN, longestWait, wholeRunWait);
  }

  /** Reads the host until it is calm or this wait's or the run's allowance is spent. */
  public Entry enter() {
    double share = probe.getAsDouble();
    long waits = 0;
    while (share > CALM && waits < longestWaitProbes && probesLeft > 0) {
      share = probe.getAsDouble();
      waits++;
      probesLeft--;
    }
    return new Entry(share, probeSpan.multipliedBy(waits));
  }

  /** Reads the host after the measurement {@code entry} let in, and gives the readings around it. */
  public Passage leave(Entry entry) {
    return new Passage(entry.stalledShare(), entry.waited(), probe.getAsDouble());
  }

  /**
   * How a measurement was let in.
   *
   * @param stalledShare the last reading before it started, from 0 to 1
   * @param waited the readings taken beyond the first, which the measurement waited for
   */
  public record Entry(double stalledShare, Duration waited) {}

  /**
   * The readings around a measurement.
   *
   * @param stalledBefore the last reading before it started, from 0 to 1
   * @param waited how long it waited for a calm host
   * @param stalledAfter the reading just after it ended, from 0 to 1
   */
  public record Passage(double stalledBefore, Duration waited, double stalledAfter) {
    /** Did the host turn bad while the measurement ran, as far as the reading after it tells? */
    public boolean disturbed() {
      return stalledAfter > CALM;
    }

    /** The readings as reports print them: "6.1% → 7.3%", with the wait if there was one. */
    public String describe() {
      long seconds = waited.toSeconds();
      return HostStalls.percent(stalledBefore) + (seconds == 0 ? "" : " after waiting " + seconds + " s") + " → " + HostStalls.percent(stalledAfter);
    }
  }
}
