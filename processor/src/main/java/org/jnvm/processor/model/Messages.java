package org.jnvm.processor.model;

import java.util.stream.Collectors;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Every error the processor reports, in one place. Each says what is wrong and what to write
 * instead; the reporter attaches it to the exact element at fault.
 */
final class Messages {
  private Messages() {}

  // ------------------------------------------------------------ the class

  static String notAClass(TypeElement type) {
    return "@Persistent applies to abstract classes, and " + type.getSimpleName() + " is " + article(type.getKind().toString())
        + ": write `public abstract class " + type.getSimpleName() + " implements PObject`";
  }

  static String finalClass(TypeElement type) {
    return "a @Persistent class cannot be final: its generated proxy " + Names.proxyOf(type).simpleName()
        + " extends it; remove final and declare " + type.getSimpleName() + " abstract";
  }

  static String notAbstract(TypeElement type) {
    return "declare " + type.getSimpleName() + " abstract: its persistent fields are abstract getters and setters, which"
        + " the generated " + Names.proxyOf(type).simpleName() + " implements";
  }

  static String privateClass(TypeElement type) {
    return "a @Persistent class cannot be private: its generated proxy " + Names.proxyOf(type).simpleName()
        + ", a class of the same package, extends it; make " + type.getSimpleName() + " package-private, protected or public";
  }

  static String innerClass(TypeElement type) {
    return "a @Persistent member class must be static: its proxy cannot extend an inner class; write `static abstract class "
        + type.getSimpleName() + "`";
  }

  static String genericClass(TypeElement type) {
    return "a @Persistent class cannot have type parameters: the heap stores fields of fixed types; remove <"
        + type.getTypeParameters().stream().map(Object::toString).collect(Collectors.joining(", "))
        + "> and give the fields concrete types";
  }

  static String notPObject(TypeElement type) {
    return "a @Persistent class must implement org.jnvm.PObject: write `abstract class " + type.getSimpleName()
        + " implements PObject`";
  }

  static String badSuperclass(TypeElement type, TypeElement parent) {
    return type.getSimpleName() + " extends " + parent.getSimpleName() + ", which is not @Persistent: a @Persistent class"
        + " extends Object or another @Persistent class; annotate " + parent.getSimpleName() + " with @Persistent too";
  }

  static String weakerFa(TypeElement type, TypeElement parent) {
    return type.getSimpleName() + " extends " + parent.getSimpleName() + ", whose methods are failure-atomic: "
        + type.getSimpleName() + " must be too, or the inherited ones would lose it on its objects; write"
        + " @Persistent(fa = Fa.NON_PRIVATE)";
  }

  static String proxyExists(TypeElement type, String detail) {
    return "cannot write " + Names.proxyOf(type) + " (" + detail + "): rename the class that takes that name";
  }

  static String unresolvedClass(TypeElement type, String detail) {
    return "no proxy for " + type.getSimpleName() + ": " + detail + "; declare or import that type";
  }

  // ------------------------------------------------------------ constructors

  static String noNoArgConstructor(TypeElement type) {
    return type.getSimpleName() + " has no constructor without arguments: add `protected " + type.getSimpleName()
        + "() {}`. Resurrection attaches proxies through it, so it must not touch persistent fields";
  }

  static String privateNoArgConstructor(TypeElement type) {
    return "the constructor " + type.getSimpleName() + "() cannot be private: the proxy calls it to resurrect objects;"
        + " make it protected";
  }

  static String handleConstructor(TypeElement type) {
    return "the constructor " + type.getSimpleName() + "(Handle) clashes with the resurrect constructor of "
        + Names.proxyOf(type).simpleName() + ": give it other parameters";
  }

  // ------------------------------------------------------------ accessors

  static String getterWithoutSetter(ExecutableElement getter, String suffix) {
    return getter.getSimpleName() + "() has no setter, and a persistent field needs both: add `public abstract void set"
        + suffix + "(" + brief(getter.getReturnType()) + " v);`";
  }

  static String setterWithoutGetter(ExecutableElement setter, String suffix) {
    TypeMirror type = setter.getParameters().get(0).asType();
    String prefix = type.getKind() == TypeKind.BOOLEAN ? "is" : "get";
    return setter.getSimpleName() + "(" + brief(type) + ") has no getter, and a persistent field needs both: add `public abstract "
        + brief(type) + " " + prefix + suffix + "();`";
  }

  static String mismatchedSetter(ExecutableElement setter, ExecutableElement getter) {
    return setter.getSimpleName() + " takes " + brief(setter.getParameters().get(0).asType()) + " but " + getter.getSimpleName()
        + "() returns " + brief(getter.getReturnType()) + ": write `" + setter.getSimpleName() + "(" + brief(getter.getReturnType())
        + " v)`";
  }

  static String duplicateGetter(ExecutableElement getter, ExecutableElement other) {
    return getter.getSimpleName() + "() and " + other.getSimpleName() + "() both read the same field: keep one";
  }

  static String isNotBoolean(ExecutableElement getter, String suffix) {
    return getter.getSimpleName() + "() returns " + brief(getter.getReturnType()) + ", and only a boolean getter is named is"
        + suffix + ": write get" + suffix + "()";
  }

  static String genericAccessor(ExecutableElement method) {
    return method.getSimpleName() + " cannot have type parameters: a persistent field has one fixed type";
  }

  static String notAnAccessor(ExecutableElement method) {
    return "abstract method " + method.getSimpleName() + " is not a persistent accessor: the proxy implements getX() or isX()"
        + " with setX(v) for a field x (and pwbX(), updateX(v), updateAndFreeX(v)); implement "
        + method.getSimpleName() + " in " + method.getEnclosingElement().getSimpleName();
  }

  static String unimplemented(TypeElement type, ExecutableElement method) {
    return type.getSimpleName() + " inherits the abstract method " + method.getSimpleName() + " from "
        + method.getEnclosingElement().getSimpleName() + ", which the proxy cannot implement: implement it in "
        + type.getSimpleName() + ", or redeclare it there as an abstract getter or setter of a persistent field";
  }

  static String inheritedField(ExecutableElement accessor, String field, Element parent) {
    return "field " + field + " is already declared by " + parent.getSimpleName() + ": remove " + accessor.getSimpleName();
  }

  static String constantClash(String field, String other, String constant) {
    return "fields " + other + " and " + field + " would share the constant " + constant + ": rename one";
  }

  static String pobjectMethod(ExecutableElement method) {
    return method.getSimpleName() + "() is a method of PObject: remove this abstract declaration, which would hide its"
        + " implementation";
  }

  static String pobjectField(ExecutableElement getter) {
    return getter.getSimpleName() + "() is a method of PObject, so no persistent field can be read by it: rename the field";
  }

  // ------------------------------------------------------------ field types

  static String stringField(String field) {
    return "field " + field + " has type String, which a heap cannot hold: use org.jnvm.pdt.PString";
  }

  static String arrayField(String field, ArrayType type) {
    TypeMirror element = type.getComponentType();
    String start = "field " + field + " has type " + brief(type) + ", and Java arrays cannot live in a heap: ";
    if (element.getKind() == TypeKind.BYTE) {
      return start + "annotate its getter with @Inline(capacity = N) to keep up to N bytes in the object, or use the"
          + " jnvm-pdt type PBytes";
    }
    String suggestion = element.getKind().isPrimitive()
        ? "P" + capitalize(element.toString()) + "Array"
        : "PArray<" + brief(element) + ">";
    return start + "use the jnvm-pdt array " + suggestion;
  }

  static String inlineNotBytes(String field, TypeMirror type) {
    return "@Inline applies to byte[] fields, and field " + field + " has type " + brief(type)
        + ": remove @Inline, or declare the getter and setter with byte[]";
  }

  static String inlineCapacity(String field, int capacity, int max) {
    return "field " + field + " has @Inline(capacity = " + capacity + "): write a capacity between 1 and " + max;
  }

  static String inlineOnSetter(ExecutableElement setter) {
    return "@Inline goes on the getter, not on " + setter.getSimpleName() + ": move it there";
  }

  static String boxedField(String field, TypeMirror boxed, TypeMirror primitive) {
    return "field " + field + " has type " + brief(boxed) + ": use the primitive " + primitive;
  }

  static String collectionField(String field, TypeMirror type) {
    return "field " + field + " has type " + brief(type) + ", a volatile collection: use a jnvm-pdt collection (PArrayList,"
        + " PHashMap, PTreeMap, or their sets)";
  }

  static String typeVariableField(String field, TypeMirror type) {
    return "field " + field + " has the type variable " + type + ": a persistent field has a fixed type";
  }

  static String volatileField(String field, TypeMirror type) {
    return "field " + field + " has type " + brief(type) + ", which is not persistent: make " + brief(type)
        + " a @Persistent class or a PObject, or store its parts in primitive fields";
  }

  static String enumCollision(TypeElement type, String first, String second, int id) {
    return "constants " + first + " and " + second + " of enum " + type.getSimpleName() + " have the same stored id 0x"
        + Integer.toHexString(id) + " (a hash of the name, see org.jnvm.proxy.EnumIds): rename one";
  }

  static String enumZero(TypeElement type, String name) {
    return "constant " + name + " of enum " + type.getSimpleName() + " hashes to 0, the id of null: rename it";
  }

  // ------------------------------------------------------------ clashes with generated members

  static String hookClash(ExecutableElement method, String field) {
    return method.getSimpleName() + " clashes with the method the proxy generates for field " + field
        + ": rename it, or declare it abstract (`public abstract void " + method.getSimpleName()
        + "(...)`) to call the generated one through " + method.getEnclosingElement().getSimpleName();
  }

  static String handleClash(ExecutableElement method) {
    return "handle() belongs to the proxy, which attaches it to the heap: leave PObject.handle() abstract and remove"
        + " this method from " + method.getEnclosingElement().getSimpleName();
  }

  static String directAccessClash(ExecutableElement method) {
    return Names.DIRECT_ACCESS + "(long) belongs to the proxy, through which the heap grants its accessors direct access:"
        + " rename this method of " + method.getEnclosingElement().getSimpleName();
  }

  static String createClash(ExecutableElement method, TypeElement type) {
    return "method " + method.getSimpleName() + " clashes with the static factory that " + Names.proxyOf(type).simpleName()
        + " generates for the constructor with the same parameters: rename it";
  }

  // ------------------------------------------------------------ helpers

  /** A type as a user writes it: {@code List<Long>}, not {@code java.util.List<java.lang.Long>}. */
  static String brief(TypeMirror type) {
    if (type instanceof DeclaredType d) {
      String name = d.asElement().getSimpleName().toString();
      if (d.getTypeArguments().isEmpty()) {
        return name;
      }
      return name + d.getTypeArguments().stream().map(Messages::brief).collect(Collectors.joining(", ", "<", ">"));
    }
    if (type instanceof ArrayType a) {
      return brief(a.getComponentType()) + "[]";
    }
    return type.toString();
  }

  private static String capitalize(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  private static String article(String kind) {
    String k = kind.toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    return ("aeiou".indexOf(k.charAt(0)) >= 0 ? "an " : "a ") + k;
  }
}
