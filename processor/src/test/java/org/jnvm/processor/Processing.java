package org.jnvm.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import javax.tools.JavaFileObject;

/**
 * Compiles sources with the processor, as a build would, with every lint warning on but two:
 * processing, and on JDK 21+ this-escape, which the persistent classes themselves trigger (their
 * constructors call their abstract setters), never the proxies, which are final.
 */
final class Processing {
  private static final String LINT = Runtime.version().feature() >= 21 ? "-Xlint:all,-processing,-this-escape" : "-Xlint:all,-processing";

  private Processing() {}

  static Compilation compile(JavaFileObject... sources) {
    return Compiler.javac()
        .withProcessors(new PersistentProcessor())
        .withOptions(LINT)
        .compile(sources);
  }
}
