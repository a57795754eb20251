package org.jnvm.crash.kill;

import java.util.List;
import org.jnvm.crash.Violations;

/**
 * What the children of a kill harness reported, for a workload's check after a kill.
 *
 * <p>A child reports each step once it is durable, so each child may leave at most one durable
 * step unreported: the one it was making, or reporting, when it was killed. A child that reports
 * nothing does not close that gap, since the next child starts after the last durable step, not
 * after the last reported one. So the newest durable step may run ahead of the last report by one
 * step for each child since, and including, the last one that reported anything.
 *
 * @param ids every id the children reported, in the order they reported them: a read-only view of
 *     the harness's list, which grows only between checks
 * @param childrenSinceReport the children started since, and including, the last one that reported
 *     something; all of them if none has
 */
public record Reports(List<Long> ids, int childrenSinceReport) {
  /** The last reported id, or 0 if none was. */
  public long last() {
    return ids.isEmpty() ? 0 : ids.get(ids.size() - 1);
  }

  public boolean isEmpty() {
    return ids.isEmpty();
  }

  public int size() {
    return ids.size();
  }

  /**
   * Checks that {@code newest}, the newest step the recovered heap holds, is the last reported one
   * or one that the children since then may have made without reporting it.
   */
  public void checkNewest(long newest, String what, Violations v) {
    long last = last();
    v.check(newest >= last && newest - last <= childrenSinceReport,
        what + " is step " + newest + " but the last reported step is " + last
            + (childrenSinceReport == 1 ? "" : ", with " + childrenSinceReport + " children since that may each have made one step unreported"));
  }
}
