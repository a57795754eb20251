package org.jnvm.crash;

import java.util.ArrayList;
import java.util.List;

/** What the checks of one post-crash image found wrong. */
public final class Violations {
  private final List<String> found = new ArrayList<>();

  public void fail(String message) {
    found.add(message);
  }

  /** Records {@code message} unless {@code ok}. */
  public void check(boolean ok, String message) {
    if (!ok) {
      fail(message);
    }
  }

  public boolean isEmpty() {
    return found.isEmpty();
  }

  public List<String> messages() {
    return List.copyOf(found);
  }
}
