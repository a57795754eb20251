package org.jnvm.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import javax.tools.JavaFileObject;

/** Compiles sources with the processor, as a build would, with every lint warning on. */
final class Processing {
  private Processing() {}

  static Compilation compile(JavaFileObject... sources) {
    return Compiler.javac()
        .withProcessors(new PersistentProcessor())
        .withOptions("-Xlint:all,-processing")
        .compile(sources);
  }
}
