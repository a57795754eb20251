package org.jnvm.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The generated source of representative classes, against golden files in {@code
 * src/test/resources/golden}. After a deliberate change to the output, {@code mvn test
 * -Djnvm.golden.update=true} in this module rewrites the golden files; review the diff.
 */
class GoldenTest {
  private static final Path RESOURCES = Path.of("src", "test", "resources", "golden");

  @Test
  void everyPrimitiveAndAnEnumWithoutFailureAtomicity() {
    assertGenerates("primitives", List.of("Primitives"), "PrimitivesProxy");
  }

  @Test
  void referencesWithTheirAtomicUpdatesOneOfThemDeclared() {
    assertGenerates("references", List.of("Box", "Link"), "LinkProxy");
  }

  @Test
  void aSubclassExtendsItsSuperclassLayout() {
    assertGenerates("inheritance", List.of("Shape", "Circle"), "ShapeProxy", "CircleProxy");
  }

  @Test
  void anObjectOfMoreThanOneBlock() {
    assertGenerates("wide", List.of("Wide"), "WideProxy");
  }

  @Test
  void inlineByteFieldsThatSpanBlocks() {
    assertGenerates("inline", List.of("Message"), "MessageProxy");
  }

  @Test
  void failureAtomicConstructorsAndMethods() {
    assertGenerates("fa", List.of("Account"), "AccountProxy");
  }

  private static void assertGenerates(String dir, List<String> inputs, String... proxies) {
    JavaFileObject[] sources =
        inputs.stream().map(n -> JavaFileObjects.forResource("golden/" + dir + "/" + n + ".java")).toArray(JavaFileObject[]::new);
    Compilation compilation = Processing.compile(sources);
    assertThat(compilation).succeededWithoutWarnings();
    for (String proxy : proxies) {
      if (Boolean.getBoolean("jnvm.golden.update")) {
        update(compilation, proxy, RESOURCES.resolve(dir).resolve(proxy + ".java"));
        continue;
      }
      String resource = "golden/" + dir + "/" + proxy + ".java";
      assertThat(compilation).generatedSourceFile("golden." + proxy).hasSourceEquivalentTo(JavaFileObjects.forResource(resource));
    }
  }

  private static void update(Compilation compilation, String proxy, Path golden) {
    JavaFileObject generated = compilation.generatedSourceFile("golden." + proxy).orElseThrow();
    try {
      Files.writeString(golden, generated.getCharContent(true), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
