package org.jnvm.bench.ycsb.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.jnvm.bench.ycsb.YcsbBinding;
import org.jnvm.bench.ycsb.report.YcsbPair.Plan;
import org.junit.jupiter.api.Test;

class YcsbPairTest {
  @Test
  void theJarsAreTheArgumentsBeforeTheBindingAndThePropertiesFollowTheLetters() {
    Plan plan = Plan.parse("--rounds", "3", "--threads", "1,2", "before.jar", "after.jar", "jnvm-pdt", "ee", "jnvm.map=skiplist", "insertorder=ordered");
    assertEquals(3, plan.rounds());
    assertEquals("1,2", plan.threads());
    assertEquals(List.of(Path.of("before.jar"), Path.of("after.jar")), plan.jars());
    assertEquals(YcsbBinding.JNVM_PDT, plan.binding());
    assertEquals("ee", plan.letters());
    assertEquals(List.of("jnvm.map=skiplist", "insertorder=ordered"), plan.properties());
  }

  @Test
  void withoutOptionsOneJarRunsOnceWithOneThread() {
    Plan plan = Plan.parse("new.jar", "lmdb", "c");
    assertEquals(1, plan.rounds());
    assertEquals("1", plan.threads());
    assertEquals(List.of(Path.of("new.jar")), plan.jars());
    assertEquals(YcsbBinding.LMDB, plan.binding());
    assertEquals(List.of(), plan.properties());
  }

  @Test
  void theModeSetsTheRecordsAndSecondsLengthenEachRunWithoutCappingItByOperations() {
    Plan quick = Plan.parse("a.jar", "lmdb", "c");
    assertEquals(Settings.of("quick"), quick.settings());
    Plan full = Plan.parse("--mode", "full", "--seconds", "10", "a.jar", "jnvm-pdt", "c");
    assertEquals(3_000_000, full.settings().records());
    assertEquals(Settings.of("full").childHeapMiB(), full.settings().childHeapMiB());
    assertEquals(10.0, full.settings().maxSeconds());
    assertTrue(full.settings().operations() >= 10 * 10_000_000L, "more operations than any binding runs in 10 s");
    assertEquals(1_500_000, Plan.parse("--mode", "full", "a.jar", "lmdb", "c").settings().operations(), "without --seconds, the mode's own");
  }

  @Test
  void aMissingPartOrAMalformedOneIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("jnvm-pdt", "ee"), "no jar");
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("a.jar", "jnvm-pdt"), "no letters");
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("a.jar", "no-such-store", "c"), "an unknown binding");
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("a.jar", "lmdb", "c", "insertorder"), "a property without a value");
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("--rounds", "0", "a.jar", "lmdb", "c"), "no round");
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("--faster", "1", "a.jar", "lmdb", "c"), "an unknown option");
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("--mode", "huge", "a.jar", "lmdb", "c"), "an unknown mode");
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("--seconds", "-1", "a.jar", "lmdb", "c"), "a negative length");
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("--seconds", "NaN", "a.jar", "lmdb", "c"), "no length at all");
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("a.jar", "lmdb", "c", "--rounds"), "an option after the letters is a property, not NAME=VALUE");
  }
}
