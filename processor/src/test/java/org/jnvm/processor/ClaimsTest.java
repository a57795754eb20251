package org.jnvm.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The processor claims jnvm's annotations, and only those: other processors still run. */
class ClaimsTest {
  private static final String LINT = Runtime.version().feature() >= 21 ? "-Xlint:all,-this-escape" : "-Xlint:all";

  private static final JavaFileObject AUDITED = JavaFileObjects.forSourceString("golden.Audited", """
      package golden;
      import java.lang.annotation.*;
      @Retention(RetentionPolicy.CLASS) @Target(ElementType.TYPE)
      public @interface Audited {}
      """);

  private static final JavaFileObject NOTE = JavaFileObjects.forSourceString("golden.Note", """
      package golden;
      import org.jnvm.Inline;
      import org.jnvm.PObject;
      import org.jnvm.Persistent;
      @Persistent @Audited
      public abstract class Note implements PObject {
        @Inline(capacity = 16) public abstract byte[] getText();
        public abstract void setText(byte[] v);
        protected Note() {}
      }
      """);

  @Test
  void lintReportsNoneOfJnvmsAnnotationsAsUnclaimed() {
    Compilation compilation = Compiler.javac().withProcessors(new PersistentProcessor()).withOptions(LINT).compile(AUDITED, NOTE);
    assertEquals(Compilation.Status.SUCCESS, compilation.status());
    for (Diagnostic<? extends JavaFileObject> w : compilation.warnings()) {
      String message = w.getMessage(Locale.ROOT);
      // javax.annotation.processing.Generated, on the proxies, is the JDK's: left to others to claim.
      assertTrue(!message.contains("org.jnvm."), message);
    }
  }

  @Test
  void aProcessorThatRunsAfterItStillGetsEveryOtherAnnotation() {
    Recorder recorder = new Recorder();
    Compilation compilation = Compiler.javac().withProcessors(new PersistentProcessor(), recorder).compile(AUDITED, NOTE);
    assertEquals(Compilation.Status.SUCCESS, compilation.status());
    assertTrue(recorder.seen.contains("golden.Audited"), recorder.seen.toString());
    assertTrue(recorder.seen.contains("javax.annotation.processing.Generated"), recorder.seen.toString());
    assertTrue(recorder.seen.stream().noneMatch(n -> n.startsWith("org.jnvm.")), recorder.seen.toString());
  }

  /** Records the annotations it is asked to process, in every round. */
  private static final class Recorder extends AbstractProcessor {
    final Set<String> seen = new TreeSet<>();

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      annotations.forEach(a -> seen.add(a.getQualifiedName().toString()));
      return false;
    }
  }
}
