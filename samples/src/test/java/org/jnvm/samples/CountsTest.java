package org.jnvm.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CountsTest {
  @Test
  void oneIsSingularAndEveryOtherCountPlural() {
    assertEquals("1 live object", Counts.of(1, "live object", "live objects"));
    assertEquals("0 live objects", Counts.of(0, "live object", "live objects"));
    assertEquals("15 live objects", Counts.of(15, "live object", "live objects"));
  }
}
