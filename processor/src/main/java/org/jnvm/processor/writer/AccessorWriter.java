package org.jnvm.processor.writer;

import static org.jnvm.processor.writer.RuntimeTypes.BASE_FIELD;
import static org.jnvm.processor.writer.RuntimeTypes.HANDLE_FIELD;
import static org.jnvm.processor.writer.RuntimeTypes.WRITE_BACK_FIELD;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.util.Types;
import org.jnvm.layout.FieldKind;
import org.jnvm.processor.model.FieldType;
import org.jnvm.processor.model.Names;
import org.jnvm.processor.model.PersistentClass;
import org.jnvm.processor.model.Property;

/**
 * The methods of one persistent field: its getter, its setter and {@code pwbX()}, which reach the
 * heap by address while the proxy has direct access and through the handle otherwise, and for
 * references {@code updateX(v)} and {@code updateAndFreeX(v)}, always through the handle.
 */
final class AccessorWriter {
  private final Types types;

  AccessorWriter(Types types) {
    this.types = types;
  }

  List<MethodSpec> methods(PersistentClass model, Property p) {
    DeclaredType owner = (DeclaredType) model.element().asType();
    List<MethodSpec> out = new ArrayList<>();
    out.add(getter(owner, p));
    out.add(setter(owner, p));
    out.add(pwb(model, p));
    if (p.isReference()) {
      TypeName type = TypeName.get(p.type().type());
      out.add(hook(model, Names.update(p.suffix()))
          .addJavadoc("Stores {@code v} in field {@code $L} atomically: validates {@code v}, fences, then stores and writes back.\n",
              p.name())
          .addParameter(type, "v")
          .addStatement("$L().updateRef($L, v)", HANDLE_FIELD, p.offsetConstant())
          .build());
      out.add(hook(model, Names.updateAndFree(p.suffix()))
          .addJavadoc("Like {@code $L}, then frees the object that field {@code $L} referred to before.\n",
              Names.update(p.suffix()), p.name())
          .addParameter(type, "v")
          .addStatement("$L().updateRefAndFree($L, v)", HANDLE_FIELD, p.offsetConstant())
          .build());
    }
    return out;
  }

  /**
   * {@code pwbX()}: by address on the fast path, through the handle otherwise. The fast path never
   * loads the handle, whose cache miss would cost a random write as much as the write itself.
   */
  private static MethodSpec pwb(PersistentClass model, Property p) {
    MethodSpec.Builder b = hook(model, Names.pwb(p.suffix()))
        .addJavadoc("Writes back the cache lines of field {@code $L}, without a fence.\n", p.name());
    String base = direct(b, "");
    b.addStatement("$L.pwb($L + $L, $L)", WRITE_BACK_FIELD, base, p.offsetConstant(), p.type().size());
    b.addStatement("return");
    b.endControlFlow();
    b.addStatement("$L().pwb($L, $L)", HANDLE_FIELD, p.offsetConstant(), p.type().size());
    return b.build();
  }

  private MethodSpec getter(DeclaredType owner, Property p) {
    MethodSpec.Builder b = MethodSpec.overriding(p.getter(), owner, types);
    String at = p.offsetConstant();
    if (p.type() instanceof FieldType.Primitive prim) {
      String base = direct(b, "");
      String read = String.format(Locale.ROOT, "$T.get%s(%s + %s)", memorySuffix(prim.kind()), base, at);
      b.addStatement("return " + read + (prim.kind() == FieldKind.BOOLEAN ? " != 0" : ""), RuntimeTypes.MEMORY);
      b.endControlFlow();
      b.addStatement("return $L().get$L($L)", HANDLE_FIELD, accessorSuffix(prim.kind()), at);
    } else if (p.type() instanceof FieldType.Reference) {
      TypeName type = TypeName.get(p.type().type());
      if (type instanceof ParameterizedTypeName generic) {
        b.addAnnotation(AnnotationSpec.builder(SuppressWarnings.class).addMember("value", "$S", "unchecked").build());
        b.addStatement("return ($T) $L().getRef($L, $T.class)", type, HANDLE_FIELD, at, generic.rawType());
      } else {
        b.addStatement("return $L().getRef($L, $T.class)", HANDLE_FIELD, at, type);
      }
    } else if (p.type() instanceof FieldType.EnumField e) {
      ClassName type = ClassName.get(e.element());
      CodeBlock.Builder cases = CodeBlock.builder().add("case 0 -> null;\n");
      for (FieldType.Constant c : e.constants()) {
        cases.add("case $L -> $T.$L;\n", hex(c.id()), type, c.name());
      }
      cases.add("default -> throw $T.unknownId($T.class, id);\n", RuntimeTypes.ENUM_IDS, type);
      b.addStatement("int id = $L().getInt($L)", HANDLE_FIELD, at);
      b.addCode("return switch (id) {\n$>$L$<};\n", cases.build());
    } else if (p.type() instanceof FieldType.InlineBytes inline) {
      String base = direct(b, "");
      b.addStatement("return $T.get(this, $L, $L, $L)", RuntimeTypes.INLINE_BYTES, base, at, inline.capacity());
      b.endControlFlow();
      b.addStatement("return $T.get($L(), $L, $L)", RuntimeTypes.INLINE_BYTES, HANDLE_FIELD, at, inline.capacity());
    }
    return b.build();
  }

  private MethodSpec setter(DeclaredType owner, Property p) {
    MethodSpec.Builder b = MethodSpec.overriding(p.setter(), owner, types);
    String v = p.setter().getParameters().get(0).getSimpleName().toString();
    String at = p.offsetConstant();
    if (p.type() instanceof FieldType.Primitive prim) {
      String base = direct(b, v);
      String value = prim.kind() == FieldKind.BOOLEAN ? "$N ? (byte) 1 : (byte) 0" : "$N";
      b.addStatement("$T.put$L($L + $L, " + value + ")", RuntimeTypes.MEMORY, memorySuffix(prim.kind()), base, at, v);
      b.addStatement("return");
      b.endControlFlow();
      b.addStatement("$L().put$L($L, $N)", HANDLE_FIELD, accessorSuffix(prim.kind()), at, v);
    } else if (p.type() instanceof FieldType.Reference) {
      b.addStatement("$L().putRef($L, $N)", HANDLE_FIELD, at, v);
    } else if (p.type() instanceof FieldType.EnumField e) {
      CodeBlock.Builder cases = CodeBlock.builder();
      for (FieldType.Constant c : e.constants()) {
        cases.add("case $L -> $L;\n", c.name(), hex(c.id()));
      }
      cases.add("default -> throw $T.unknownConstant($N);\n", RuntimeTypes.ENUM_IDS, v);
      b.addCode("$L().putInt($L, $N == null ? 0 : switch ($N) {\n$>$L$<});\n", HANDLE_FIELD, at, v, v, cases.build());
    } else if (p.type() instanceof FieldType.InlineBytes inline) {
      String base = direct(b, v);
      b.addStatement("$T.put($L, $L, $L, $N)", RuntimeTypes.INLINE_BYTES, base, at, inline.capacity(), v);
      b.addStatement("return");
      b.endControlFlow();
      b.addStatement("$T.put($L(), $L, $L, $N)", RuntimeTypes.INLINE_BYTES, HANDLE_FIELD, at, inline.capacity(), v);
    }
    return b.build();
  }

  /**
   * Opens the fast path and returns the local that holds the master block's address: the field is
   * read, written or written back there when the handle granted direct access and no thread is
   * inside a failure-atomic block (see {@code DirectAccess}); otherwise the statements after it go
   * through the handle. The handle grants access only when the whole layout lies at the base's
   * offsets (in the master block, or in the blocks that follow it in memory), so a base that is not
   * 0 covers every field; it is read once, so that a racing free
   * leaves either the old address or 0. The local is named apart from the setter's {@code
   * parameter}.
   */
  private static String direct(MethodSpec.Builder b, String parameter) {
    String base = parameter.equals("base") ? "at" : "base";
    b.addStatement("long $L = $L", base, BASE_FIELD);
    b.beginControlFlow("if ($T.directAccessAllowed() && $L != 0)", RuntimeTypes.HANDLE, base);
    return base;
  }

  /** {@code Memory}'s accessor for a primitive kind; a boolean is a byte there. */
  private static String memorySuffix(FieldKind kind) {
    return kind == FieldKind.BOOLEAN ? "Byte" : accessorSuffix(kind);
  }

  /** A generated per-field method; it overrides the class's abstract declaration if there is one. */
  private static MethodSpec.Builder hook(PersistentClass model, String name) {
    MethodSpec.Builder b = MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC);
    if (model.declaresHook(name)) {
      b.addAnnotation(Override.class);
    }
    return b;
  }

  /** {@code getLong}, {@code putBoolean}...: Handle's accessor for a primitive kind. */
  private static String accessorSuffix(FieldKind kind) {
    String token = kind.token();
    return token.substring(0, 1).toUpperCase(Locale.ROOT) + token.substring(1);
  }

  private static String hex(int id) {
    return String.format(Locale.ROOT, "0x%08x", id);
  }
}
