package org.jnvm.crash.kill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jnvm.crash.Violations;
import org.junit.jupiter.api.Test;

class ReportsTest {
  private static List<String> check(Reports r, long newest) {
    Violations v = new Violations();
    r.checkNewest(newest, "the head", v);
    return v.messages();
  }

  @Test
  void theChildThatReportedLastMayHaveMadeOneMoreStep() {
    Reports r = new Reports(List.of(1L, 2L, 3L), 1);
    assertEquals(List.of(), check(r, 3));
    assertEquals(List.of(), check(r, 4));
    assertTrue(check(r, 5).get(0).contains("is step 5 but the last reported step is 3"), check(r, 5).toString());
  }

  @Test
  void eachSilentChildSinceMayHaveMadeOneMore() {
    Reports r = new Reports(List.of(1L, 2L, 3L), 3);
    assertEquals(List.of(), check(r, 6));
    assertEquals(1, check(r, 7).size());
  }

  @Test
  void aReportedStepMissingFromTheHeapIsAViolation() {
    Reports r = new Reports(List.of(1L, 2L, 3L), 4);
    assertTrue(check(r, 2).get(0).contains("last reported step is 3"));
  }

  @Test
  void beforeAnyReportEveryChildMayHaveMadeOneStep() {
    Reports r = new Reports(List.of(), 2);
    assertEquals(List.of(), check(r, 2));
    assertEquals(1, check(r, 3).size());
  }
}
