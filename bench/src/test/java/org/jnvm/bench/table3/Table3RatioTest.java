package org.jnvm.bench.table3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which C passes a Java/C ratio is taken against. */
class Table3RatioTest {
  private static final String JAVA = "Java, generated proxy accessors";

  /** One series whose timed passes of every pattern took {@code nanos}, after a slower warm-up pass. */
  private static Map<Pattern, List<Pass>> series(long... nanos) {
    Map<Pattern, List<Pass>> byPattern = new EnumMap<>(Pattern.class);
    for (Pattern p : Pattern.values()) {
      List<Pass> passes = new ArrayList<>(List.of(new Pass(p, -1, 1, 0)));
      for (int i = 0; i < nanos.length; i++) {
        passes.add(new Pass(p, i, nanos[i], 0));
      }
      byPattern.put(p, passes);
    }
    return byPattern;
  }

  @Test
  void readsTakeTheFasterOfTheTwoCProgramsAndWritesTheClwbOneAlone() {
    Map<String, Map<Pattern, List<Pass>>> all = new LinkedHashMap<>();
    all.put(Table3Report.C, series(300, 280));
    all.put(Table3Report.C_CLFLUSHOPT, series(120, 100));
    all.put(JAVA, series(200, 250));
    assertEquals(0.5, Table3Report.ratio(all, JAVA, Pattern.RAND_READ), 1e-9, "the warm-up pass never counts; CLFLUSHOPT's read is the baseline");
    assertEquals(0.5, Table3Report.ratio(all, JAVA, Pattern.SEQ_READ), 1e-9);
    assertEquals(1.4, Table3Report.ratio(all, JAVA, Pattern.RAND_WRITE), 1e-9, "writes differ by instruction, so CLWB's alone is the baseline");
    assertEquals(1.4, Table3Report.ratio(all, JAVA, Pattern.SEQ_WRITE), 1e-9);
  }

  @Test
  void theO2BuildIsNeverTheBaselineEvenWhenItIsFaster() {
    Map<String, Map<Pattern, List<Pass>>> all = new LinkedHashMap<>();
    all.put(Table3Report.C, series(300, 280));
    all.put(Table3Report.C_CLFLUSHOPT, series(400));
    all.put(Table3Report.C_O2, series(50));
    all.put(JAVA, series(200));
    for (Pattern p : Pattern.values()) {
      assertEquals(1.4, Table3Report.ratio(all, JAVA, p), 1e-9, p.title);
    }
  }

  @Test
  void withoutTheClflushoptProgramReadsTakeTheClwbOne() {
    Map<String, Map<Pattern, List<Pass>>> all = new LinkedHashMap<>();
    all.put(Table3Report.C, series(300, 280));
    all.put(JAVA, series(200));
    assertEquals(1.4, Table3Report.ratio(all, JAVA, Pattern.RAND_READ), 1e-9);
  }
}
