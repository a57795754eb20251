package org.jnvm.bench.ycsb.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
  void aMissingPartOrAMalformedOneIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("jnvm-pdt", "ee"), "no jar");
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("a.jar", "jnvm-pdt"), "no letters");
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("a.jar", "no-such-store", "c"), "an unknown binding");
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("a.jar", "lmdb", "c", "insertorder"), "a property without a value");
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("--rounds", "0", "a.jar", "lmdb", "c"), "no round");
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("--faster", "1", "a.jar", "lmdb", "c"), "an unknown option");
    assertThrows(IllegalArgumentException.class, () -> Plan.parse("a.jar", "lmdb", "c", "--rounds"), "an option after the letters is a property, not NAME=VALUE");
  }
}
