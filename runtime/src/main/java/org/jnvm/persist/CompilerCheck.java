package org.jnvm.persist;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

/**
 * Whether the JDK's write-back intrinsics can be called without crashing the JVM. On JDK 25 they
 * crash it (a call through a null stub) when the C2 compiler is off, with {@code -Xint} or {@code
 * -XX:TieredStopAtLevel} below 4, even through the public {@code writebackMemory}; JDK 17 is fine.
 * Versions in between were not tried, so the check applies from 18 on.
 */
final class CompilerCheck {
  private CompilerCheck() {}

  /** Null when write-back is safe here, else the reason it is not. */
  static String writebackHazard() {
    if (Runtime.version().feature() < 18) {
      return null;
    }
    if (System.getProperty("java.vm.info", "").contains("interpreted mode")) {
      return "on JDK " + Runtime.version().feature() + " the write-back intrinsics crash an interpreted-only JVM (-Xint); run with the JIT";
    }
    try {
      HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      boolean tiered = Boolean.parseBoolean(hotspot.getVMOption("TieredCompilation").getValue());
      int stop = Integer.parseInt(hotspot.getVMOption("TieredStopAtLevel").getValue());
      if (tiered && stop < 4) {
        return "on JDK " + Runtime.version().feature() + " the write-back intrinsics crash the JVM without the C2 compiler; "
            + "remove -XX:TieredStopAtLevel=" + stop + " or choose another persistence backend";
      }
      return null;
    } catch (RuntimeException | LinkageError e) {
      return "cannot tell whether this JVM's write-back intrinsics are safe to call (" + e + "); choose another persistence backend";
    }
  }
}
