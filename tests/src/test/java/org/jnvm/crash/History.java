package org.jnvm.crash;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a crash may leave of something a scenario changes over time: a location, a root, or the
 * whole state of a failure-atomic structure. Each change is recorded when it starts, as in flight,
 * and when it ends, with the number of completed fences from which it is durable. After a crash
 * with {@code k} completed fences, the allowed states are the last durable one and every later one.
 *
 * <p>For a store published with a pwb and no fence (an atomic reference update), the change is
 * durable once one more fence completes: {@code done(entry, fences + 1)}. For an operation that
 * fences after its store (a root put, the commit of a failure-atomic block), it is durable when
 * the operation returns: {@code done(entry, fences)}.
 *
 * @param <S> the state: an object id, 0 for null or absent, or any value with equals
 */
public final class History<S> {
  private static final long IN_FLIGHT = Long.MAX_VALUE;

  private final List<S> states = new ArrayList<>();
  private final List<Long> durableFrom = new ArrayList<>();

  public History(S initial) {
    states.add(initial);
    durableFrom.add(0L);
  }

  /** Records a change that is starting; returns its entry for {@link #done}. */
  public int begin(S state) {
    states.add(state);
    durableFrom.add(IN_FLIGHT);
    return states.size() - 1;
  }

  /** The change of {@code entry} is durable once {@code fences} fences have completed. */
  public void done(int entry, long fences) {
    if (durableFrom.get(entry) != IN_FLIGHT) {
      throw new IllegalStateException("entry " + entry + " is already done");
    }
    durableFrom.set(entry, fences);
  }

  /** The states a crash after {@code fences} completed fences may leave, oldest first. */
  public List<S> allowed(long fences) {
    int floor = 0;
    for (int j = 0; j < states.size(); j++) {
      if (durableFrom.get(j) <= fences) {
        floor = j;
      }
    }
    return states.subList(floor, states.size());
  }

  public boolean allows(S found, long fences) {
    for (S s : allowed(fences)) {
      if (Objects.equals(s, found)) {
        return true;
      }
    }
    return false;
  }

  /** The latest state, durable or not. */
  public S latest() {
    return states.get(states.size() - 1);
  }
}
