package org.jnvm.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sections of RESULTS.md: each report mode rewrites its own and leaves every other byte alone. */
class MarkersTest {
  @TempDir Path directory;

  private static String section(String name, String body) {
    return Markers.begin(name) + "\n" + body + "\n" + Markers.end(name) + "\n";
  }

  @Test
  void theQuickModeKeepsTheBareNameAndAnotherModeGetsItsOwn() {
    assertEquals("ycsb", Markers.name("ycsb", "quick", Markers.BASELINE_JDK));
    assertEquals("ycsb-full", Markers.name("ycsb", "full", Markers.BASELINE_JDK));
  }

  @Test
  void aRunOnAnotherJdkThanTheBaselineGetsItsOwnSection() {
    assertEquals("table3", Markers.name("table3", "quick", Markers.BASELINE_JDK));
    assertEquals("table3-jdk25", Markers.name("table3", "quick", 25));
    assertEquals("table3-full-jdk25", Markers.name("table3", "full", 25));
  }

  @Test
  void aQuickRunLeavesTheFullSectionAndTheRestOfTheFileAsTheyWere() throws IOException {
    Path file = directory.resolve("RESULTS.md");
    String quick = Markers.name("ycsb", "quick");
    String full = Markers.name("ycsb", "full");
    Markers.replace(file, quick, section(quick, "quick 1"));
    Files.writeString(file, "intro\n\n" + Files.readString(file, StandardCharsets.UTF_8) + "\nnotes\n", StandardCharsets.UTF_8);
    Markers.replace(file, full, section(full, "full 1"));

    Markers.replace(file, quick, section(quick, "quick 2"));

    assertEquals("intro\n\n" + section(quick, "quick 2") + "\nnotes\n\n" + section(full, "full 1"), Files.readString(file, StandardCharsets.UTF_8));
  }

  @Test
  void aSectionThatDoesNotRunFromItsBeginMarkerToItsEndMarkerIsRefused() {
    Path file = directory.resolve("RESULTS.md");
    String name = Markers.name("tpcb", "full");
    assertThrows(IllegalArgumentException.class, () -> Markers.replace(file, name, section("tpcb", "body")));
  }
}
