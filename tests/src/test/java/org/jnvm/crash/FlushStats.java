package org.jnvm.crash;

/**
 * Flushing figures of one heap under the simulated backend. A store is seen only through the
 * contents it changes, so a store of the value a line already held counts as no store.
 */
public final class FlushStats {
  /** Cache-line write-backs. */
  long pwbs;
  /** Write-backs of a line whose contents did not change since its previous write-back. */
  long redundantPwbs;
  /** Write-backs of a line never written back before whose contents are still those it had at open. */
  long unstoredPwbs;
  long pfences;
  long psyncs;

  public long pwbs() {
    return pwbs;
  }

  public long redundantPwbs() {
    return redundantPwbs;
  }

  public long unstoredPwbs() {
    return unstoredPwbs;
  }

  public long pfences() {
    return pfences;
  }

  public long psyncs() {
    return psyncs;
  }

  /** Fences of both kinds. */
  public long fences() {
    return pfences + psyncs;
  }

  FlushStats copy() {
    FlushStats s = new FlushStats();
    s.add(this);
    return s;
  }

  /** Adds another heap's figures to these. */
  public synchronized void add(FlushStats o) {
    pwbs += o.pwbs;
    redundantPwbs += o.redundantPwbs;
    unstoredPwbs += o.unstoredPwbs;
    pfences += o.pfences;
    psyncs += o.psyncs;
  }

  @Override
  public String toString() {
    return "pwb " + pwbs + " (redundant " + redundantPwbs + ", never stored " + unstoredPwbs + "), pfence " + pfences + ", psync " + psyncs;
  }
}
