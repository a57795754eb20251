package org.jnvm.crash;

import java.util.function.IntFunction;

/**
 * Scenarios of one kind that differ by a variant number (a seed, a size). The campaign gives each
 * family a share of the crash points and takes variants 0, 1, 2, ... until the share is used, so any
 * budget, small or large, is met with distinct points.
 *
 * @param name unique, without ':', '/' or '-'
 * @param weight its share of the campaign's crash points, relative to the other families'
 * @param pointsPerVariant crash points taken from one variant at most; a variant with more is sampled
 * @param variants variant {@code i}, whose name must be {@code name + "-" + i}
 */
public record ScenarioFamily(String name, double weight, int pointsPerVariant, IntFunction<CrashScenario> variants) {
  public ScenarioFamily {
    if (name.contains(":") || name.contains("/") || name.contains("-")) {
      throw new IllegalArgumentException("a family name has no ':', '/' or '-': " + name);
    }
  }

  public CrashScenario variant(int index) {
    CrashScenario s = variants.apply(index);
    if (!s.name().equals(name + "-" + index)) {
      throw new IllegalStateException("variant " + index + " of " + name + " is named " + s.name());
    }
    return s;
  }
}
