package org.jnvm.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.List;
import javax.tools.JavaFileObject;
import org.jnvm.proxy.EnumIds;
import org.junit.jupiter.api.Test;

/**
 * Every error the processor reports: its message, which says what to write instead, and the line
 * of the element it is reported on, marked {@code // <-} in each source.
 */
class ErrorsTest {
  private static final String HEADER = """
      package test;

      import java.util.List;
      import org.jnvm.Fa;
      import org.jnvm.PObject;
      import org.jnvm.Persistent;
      import org.jnvm.heap.Handle;
      """;

  // ------------------------------------------------------------ the class

  @Test
  void anInterface() {
    assertError("@Persistent applies to abstract classes, and Bad is an interface", """
        @Persistent
        interface Bad extends PObject {} // <-
        """);
  }

  @Test
  void aFinalClass() {
    assertError("cannot be final: its generated proxy BadProxy extends it; remove final", """
        @Persistent
        final class Bad implements PObject { // <-
          public org.jnvm.heap.Handle handle() { return null; }
        }
        """);
  }

  @Test
  void aClassThatIsNotAbstract() {
    assertError("declare Bad abstract", """
        @Persistent
        class Bad implements PObject { // <-
          public Handle handle() { return null; }
        }
        """);
  }

  @Test
  void aPrivateClass() {
    assertError("a @Persistent class cannot be private", """
        class Outer {
          @Persistent
          private abstract static class Bad implements PObject {} // <-
        }
        """);
  }

  @Test
  void anInnerClass() {
    assertError("must be static: its proxy cannot extend an inner class; write `static abstract class Bad`", """
        class Outer {
          @Persistent
          abstract class Bad implements PObject {} // <-
        }
        """);
  }

  @Test
  void aGenericClass() {
    assertError("cannot have type parameters: the heap stores fields of fixed types; remove <T>", """
        @Persistent
        abstract class Bad<T> implements PObject {} // <-
        """);
  }

  @Test
  void aClassThatIsNotAPObject() {
    assertError("must implement org.jnvm.PObject: write `abstract class Bad implements PObject`", """
        @Persistent
        abstract class Bad {} // <-
        """);
  }

  @Test
  void aSuperclassThatIsNotPersistent() {
    assertError("Bad extends Base, which is not @Persistent", """
        abstract class Base implements PObject {}
        @Persistent
        abstract class Bad extends Base {} // <-
        """);
  }

  @Test
  void aSubclassThatDropsFailureAtomicity() {
    assertError("must be too, or the inherited ones would lose it on its objects; write @Persistent(fa = Fa.NON_PRIVATE)", """
        @Persistent(fa = Fa.NON_PRIVATE)
        abstract class Base implements PObject {}
        @Persistent
        abstract class Bad extends Base {} // <-
        """);
  }

  // ------------------------------------------------------------ constructors

  @Test
  void noConstructorWithoutArguments() {
    assertError("Bad has no constructor without arguments: add `protected Bad() {}`", """
        @Persistent
        abstract class Bad implements PObject { // <-
          Bad(int x) {}
        }
        """);
  }

  @Test
  void aPrivateConstructorWithoutArguments() {
    assertError("the constructor Bad() cannot be private: the proxy calls it to resurrect objects; make it protected", """
        @Persistent
        abstract class Bad implements PObject {
          private Bad() {} // <-
          Bad(int x) {}
        }
        """);
  }

  @Test
  void aConstructorThatTakesAHandle() {
    assertError("the constructor Bad(Handle) clashes with the resurrect constructor of BadProxy", """
        @Persistent
        abstract class Bad implements PObject {
          Bad() {}
          Bad(Handle h) {} // <-
        }
        """);
  }

  // ------------------------------------------------------------ accessors

  @Test
  void aGetterWithoutSetter() {
    assertError("getX() has no setter, and a persistent field needs both: add `public abstract void setX(long v);`", """
        @Persistent
        abstract class Bad implements PObject {
          abstract long getX(); // <-
        }
        """);
  }

  @Test
  void aSetterWithoutGetter() {
    assertError("setOn(boolean) has no getter, and a persistent field needs both: add `public abstract boolean isOn();`", """
        @Persistent
        abstract class Bad implements PObject {
          abstract void setOn(boolean v); // <-
        }
        """);
  }

  @Test
  void aSetterOfAnotherType() {
    assertError("setX takes int but getX() returns long: write `setX(long v)`", """
        @Persistent
        abstract class Bad implements PObject {
          abstract long getX();
          abstract void setX(int v); // <-
        }
        """);
  }

  @Test
  void twoGettersOfOneField() {
    assertError("isOn() and getOn() both read the same field: keep one", """
        @Persistent
        abstract class Bad implements PObject {
          abstract boolean getOn();
          abstract boolean isOn(); // <-
          abstract void setOn(boolean v);
        }
        """);
  }

  @Test
  void anIsGetterThatIsNotBoolean() {
    assertError("isCount() returns int, and only a boolean getter is named isCount: write getCount()", """
        @Persistent
        abstract class Bad implements PObject {
          abstract int isCount(); // <-
          abstract void setCount(int v);
        }
        """);
  }

  @Test
  void aGenericAccessor() {
    assertError("getX cannot have type parameters", """
        @Persistent
        abstract class Bad implements PObject {
          abstract <T extends PObject> T getX(); // <-
          abstract void setX(PObject v);
        }
        """);
  }

  @Test
  void anAbstractMethodThatIsNoAccessor() {
    assertError("abstract method area is not a persistent accessor", """
        @Persistent
        abstract class Bad implements PObject {
          abstract double area(); // <-
        }
        """);
  }

  @Test
  void anUnimplementedInterfaceMethod() {
    assertError("Bad inherits the abstract method size from Sized, which the proxy cannot implement", """
        interface Sized { int size(); }
        @Persistent
        abstract class Bad implements PObject, Sized {} // <-
        """);
  }

  @Test
  void aFieldDeclaredAgainInASubclass() {
    assertError("field x is already declared by Base: remove getX", """
        @Persistent
        abstract class Base implements PObject {
          abstract long getX();
          abstract void setX(long v);
        }
        @Persistent
        abstract class Bad extends Base {
          abstract long getX(); // <-
          abstract void setX(long v);
        }
        """);
  }

  @Test
  void twoFieldsWithTheSameConstant() {
    assertError("fields fooBar and foo_bar would share the constant OFFSET_FOO_BAR: rename one", """
        @Persistent
        abstract class Bad implements PObject {
          abstract long getFooBar();
          abstract void setFooBar(long v);
          abstract long getFoo_bar(); // <-
          abstract void setFoo_bar(long v);
        }
        """);
  }

  @Test
  void aRedeclaredMethodOfPObject() {
    assertError("pwb() is a method of PObject: remove this abstract declaration", """
        @Persistent
        abstract class Bad implements PObject {
          public abstract void pwb(); // <-
        }
        """);
  }

  @Test
  void aFieldReadByAMethodOfPObject() {
    assertError("isValid() is a method of PObject, so no persistent field can be read by it: rename the field", """
        @Persistent
        abstract class Bad implements PObject {
          public abstract boolean isValid(); // <-
          public abstract void setValid(boolean v);
        }
        """);
  }

  // ------------------------------------------------------------ field types

  @Test
  void aString() {
    assertError("field name has type String, which a heap cannot hold: use org.jnvm.pdt.PString", """
        @Persistent
        abstract class Bad implements PObject {
          abstract String getName(); // <-
          abstract void setName(String v);
        }
        """);
  }

  @Test
  void anArrayOfPrimitives() {
    assertError("field values has type int[], and Java arrays cannot live in a heap: use the jnvm-pdt array PIntArray", """
        @Persistent
        abstract class Bad implements PObject {
          abstract int[] getValues(); // <-
          abstract void setValues(int[] v);
        }
        """);
  }

  @Test
  void aByteArrayWithoutInline() {
    assertError("field payload has type byte[], and Java arrays cannot live in a heap: annotate its getter with"
        + " @Inline(capacity = N) to keep up to N bytes in the object, or use the jnvm-pdt type PBytes", """
        @Persistent
        abstract class Bad implements PObject {
          abstract byte[] getPayload(); // <-
          abstract void setPayload(byte[] v);
        }
        """);
  }

  @Test
  void inlineOnAnArrayOfAnotherType() {
    assertError("@Inline applies to byte[] fields, and field values has type int[]: remove @Inline, or declare the"
        + " getter and setter with byte[]", """
        @Persistent
        abstract class Bad implements PObject {
          @org.jnvm.Inline(capacity = 8)
          abstract int[] getValues(); // <-
          abstract void setValues(int[] v);
        }
        """);
  }

  @Test
  void inlineOnAPrimitive() {
    assertError("@Inline applies to byte[] fields, and field count has type long", """
        @Persistent
        abstract class Bad implements PObject {
          @org.jnvm.Inline(capacity = 8)
          abstract long getCount(); // <-
          abstract void setCount(long v);
        }
        """);
  }

  @Test
  void anInlineCapacityOutOfRange() {
    assertError("field payload has @Inline(capacity = 0): write a capacity between 1 and 1048576", """
        @Persistent
        abstract class Bad implements PObject {
          @org.jnvm.Inline(capacity = 0)
          abstract byte[] getPayload(); // <-
          abstract void setPayload(byte[] v);
        }
        """);
  }

  @Test
  void inlineOnTheSetter() {
    assertError("@Inline goes on the getter, not on setPayload: move it there", """
        @Persistent
        abstract class Bad implements PObject {
          abstract byte[] getPayload();
          @org.jnvm.Inline(capacity = 10)
          abstract void setPayload(byte[] v); // <-
        }
        """);
  }

  @Test
  void anArrayOfObjects() {
    assertError("field peers has type Bad[], and Java arrays cannot live in a heap: use the jnvm-pdt array PArray<Bad>", """
        @Persistent
        abstract class Bad implements PObject {
          abstract Bad[] getPeers(); // <-
          abstract void setPeers(Bad[] v);
        }
        """);
  }

  @Test
  void aBoxedPrimitive() {
    assertError("field count has type Long: use the primitive long", """
        @Persistent
        abstract class Bad implements PObject {
          abstract Long getCount(); // <-
          abstract void setCount(Long v);
        }
        """);
  }

  @Test
  void aVolatileCollection() {
    assertError("field items has type List<Bad>, a volatile collection: use a jnvm-pdt collection", """
        @Persistent
        abstract class Bad implements PObject {
          abstract List<Bad> getItems(); // <-
          abstract void setItems(List<Bad> v);
        }
        """);
  }

  @Test
  void aTypeVariable() {
    Compilation c = compile("""
        @Persistent
        abstract class Bad<T> implements PObject {
          abstract T getItem();
          abstract void setItem(T v);
        }
        """);
    assertThat(c).hadErrorContaining("field item has the type variable T: a persistent field has a fixed type").inFile(source).onLine(10);
  }

  @Test
  void anotherVolatileClass() {
    assertError("field file has type File, which is not persistent: make File a @Persistent class or a PObject", """
        @Persistent
        abstract class Bad implements PObject {
          abstract java.io.File getFile(); // <-
          abstract void setFile(java.io.File v);
        }
        """);
  }

  @Test
  void anEnumWithTwoConstantsOfOneId() {
    assertEquals(EnumIds.of("KUGBAJ"), EnumIds.of("KMEDQB"));
    assertError("constants KUGBAJ and KMEDQB of enum E have the same stored id", """
        enum E { KUGBAJ, KMEDQB }
        @Persistent
        abstract class Bad implements PObject {
          abstract E getE(); // <-
          abstract void setE(E v);
        }
        """);
  }

  @Test
  void anEnumConstantWhoseIdIsNull() {
    assertEquals(0, EnumIds.of("ZESKFPQK"));
    assertError("constant ZESKFPQK of enum E hashes to 0, the id of null: rename it", """
        enum E { ZESKFPQK }
        @Persistent
        abstract class Bad implements PObject {
          abstract E getE(); // <-
          abstract void setE(E v);
        }
        """);
  }

  // ------------------------------------------------------------ clashes with generated members

  @Test
  void aMethodWithTheNameOfAGeneratedOne() {
    assertError("pwbX clashes with the method the proxy generates for field x: rename it, or declare it abstract", """
        @Persistent
        abstract class Bad implements PObject {
          abstract long getX();
          abstract void setX(long v);
          void pwbX() {} // <-
        }
        """);
  }

  @Test
  void anInheritedMethodWithTheNameOfAGeneratedOne() {
    assertError("updateNext clashes with the method the proxy generates for field next", """
        @Persistent
        abstract class Base implements PObject {
          public void updateNext(Bad b) {} // <-
        }
        @Persistent
        abstract class Bad extends Base {
          abstract Bad getNext();
          abstract void setNext(Bad v);
        }
        """);
  }

  @Test
  void anImplementationOfHandle() {
    assertError("handle() belongs to the proxy, which attaches it to the heap", """
        @Persistent
        abstract class Bad implements PObject {
          public Handle handle() { return null; } // <-
        }
        """);
  }

  @Test
  void aMethodWithTheNameOfTheDirectAccessGrant() {
    assertError("directAccess(long) belongs to the proxy", """
        @Persistent
        abstract class Bad implements PObject {
          protected void directAccess(long at) {} // <-
        }
        """);
  }

  @Test
  void aMethodWithTheNameOfAFactory() {
    assertError("method create clashes with the static factory that BadProxy generates", """
        @Persistent
        abstract class Bad implements PObject {
          protected Bad() {}
          protected Bad(long x) {}
          static Bad create(long y) { return null; } // <-
        }
        """);
  }

  @Test
  void anAbstractDeclarationOfAGeneratedMethodWithAnotherSignature() {
    assertError("abstract method updateNext is not a persistent accessor", """
        @Persistent
        abstract class Bad implements PObject {
          abstract Bad getNext();
          abstract void setNext(Bad v);
          abstract void updateNext(PObject v); // <-
        }
        """);
  }

  @Test
  void aClassThatTakesTheProxysName() {
    JavaFileObject taken = JavaFileObjects.forSourceString("test.BadProxy", "package test; class BadProxy {}");
    source = JavaFileObjects.forSourceString("test.Bad", HEADER + """
        @Persistent
        abstract class Bad implements PObject {}
        """);
    assertThat(Processing.compile(source, taken)).hadErrorContaining("cannot write test.BadProxy").inFile(source).onLine(9);
  }

  @Test
  void aTypeThatNeverExists() {
    Compilation c = compile("""
        @Persistent
        abstract class Bad implements PObject {
          abstract Missing getX();
          abstract void setX(Missing v);
        }
        """);
    assertThat(c).hadErrorContaining("no proxy for Bad: test.Bad.getX uses an unresolved type").inFile(source).onLine(9);
  }

  @Test
  void aClassWithErrorsGetsNoProxy() {
    // A proxy would not compile (it cannot implement area()), so one error means no proxy.
    Compilation c = compile("""
        @Persistent
        abstract class Bad implements PObject {
          abstract double area();
        }
        """);
    assertThat(c).hadErrorCount(1);
  }

  // ------------------------------------------------------------ helpers

  private JavaFileObject source;

  private Compilation compile(String body) {
    source = JavaFileObjects.forSourceString("test.Bad", HEADER + body);
    return Processing.compile(source);
  }

  /** Compiles {@code body}, which has one line marked {@code // <-}: the error must be reported there. */
  private void assertError(String message, String body) {
    String text = HEADER + body;
    List<String> lines = text.lines().toList();
    int line = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains("// <-")) {
        line = i + 1;
      }
    }
    assertTrue(line > 0, "no line marked // <-");
    Compilation c = compile(body);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(message).inFile(source).onLine(line);
  }
}
