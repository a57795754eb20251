package org.jnvm.processor.writer;

import static org.jnvm.processor.writer.RuntimeTypes.BASE_FIELD;
import static org.jnvm.processor.writer.RuntimeTypes.DIRECT_ACCESS_METHOD;
import static org.jnvm.processor.writer.RuntimeTypes.HANDLE_FIELD;
import static org.jnvm.processor.writer.RuntimeTypes.SIZE_CONSTANT;
import static org.jnvm.processor.writer.RuntimeTypes.WRITE_BACK_FIELD;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Types;
import org.jnvm.layout.Layout;
import org.jnvm.processor.model.FieldType;
import org.jnvm.processor.model.PersistentClass;
import org.jnvm.processor.model.Property;

/** Writes the proxy of a {@code @Persistent} class from its model. */
public final class ProxyWriter {
  private final String generator;
  private final boolean generatedAvailable;
  private final AccessorWriter accessors;
  private final ConstructorWriter constructors = new ConstructorWriter();
  private final WrapperWriter wrappers;

  /**
   * @param generator the processor's name, for the {@code @Generated} annotation
   * @param generatedAvailable whether {@code javax.annotation.processing.Generated} exists in the
   *     compilation's platform
   */
  public ProxyWriter(Types types, String generator, boolean generatedAvailable) {
    this.generator = generator;
    this.generatedAvailable = generatedAvailable;
    this.accessors = new AccessorWriter(types);
    this.wrappers = new WrapperWriter(types);
  }

  public JavaFile write(PersistentClass model) {
    TypeElement element = model.element();
    ClassName proxy = model.proxyName();
    TypeSpec.Builder t = TypeSpec.classBuilder(proxy)
        .addOriginatingElement(element)
        .addJavadoc(ProxyJavadoc.of(model))
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .superclass(element.asType())
        .avoidClashesWithNestedClasses(element);
    if (generatedAvailable) {
      t.addAnnotation(AnnotationSpec.builder(RuntimeTypes.GENERATED).addMember("value", "$S", generator).build());
    }
    t.addAnnotation(RuntimeTypes.GENERATED_PROXY);
    t.addSuperinterface(RuntimeTypes.DIRECT_ACCESS);
    for (PersistentClass p = model.parent(); p != null; p = p.parent()) {
      t.addOriginatingElement(p.element());
    }

    constants(t, model);
    t.addField(FieldSpec.builder(RuntimeTypes.HANDLE, HANDLE_FIELD, Modifier.PRIVATE).build());
    t.addField(FieldSpec.builder(long.class, BASE_FIELD, Modifier.PRIVATE).build());
    t.addField(FieldSpec.builder(RuntimeTypes.PERSISTENCE, WRITE_BACK_FIELD, Modifier.PRIVATE).build());
    t.addMethods(constructors.methods(model));
    t.addMethod(handle(proxy));
    t.addMethod(directAccess());
    for (Property p : model.properties()) {
      t.addMethods(accessors.methods(model, p));
    }
    t.addMethods(wrappers.methods(model));

    return JavaFile.builder(proxy.packageName(), t.build()).skipJavaLangImports(true).build();
  }

  /** Offsets, size, fingerprint and reference offsets as constants, then the layout and PCLASS. */
  private static void constants(TypeSpec.Builder t, PersistentClass model) {
    Layout layout = model.layout();
    ClassName proxy = model.proxyName();
    t.addField(FieldSpec.builder(long.class, SIZE_CONSTANT, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("Payload bytes of an object.\n")
        .initializer("$L", layout.size())
        .build());
    t.addField(FieldSpec.builder(long.class, "FINGERPRINT", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The fingerprint of the layout {@code $L}.\n", layout.descriptor())
        .initializer("$L", hexLong(layout.fingerprint()))
        .build());
    for (Property p : model.properties()) {
      t.addField(FieldSpec.builder(long.class, p.offsetConstant(), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
          .initializer("$L", p.offset())
          .build());
    }
    String refs = layout.fields().stream()
        .filter(f -> f.kind() == org.jnvm.layout.FieldKind.REF)
        .map(f -> f.offset() + "L")
        .collect(Collectors.joining(", "));
    t.addField(FieldSpec.builder(ParameterizedTypeName.get(List.class, Long.class), "REF_OFFSETS", Modifier.PUBLIC,
            Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("Offsets of the reference fields, ascending: what recovery follows.\n")
        .initializer("$T.of($L)", List.class, refs)
        .build());

    CodeBlock.Builder build = CodeBlock.builder();
    if (model.parent() == null) {
      build.add("$T.builder()", RuntimeTypes.LAYOUT);
    } else {
      build.add("$T.extending($T.LAYOUT)", RuntimeTypes.LAYOUT, model.parent().proxyName());
    }
    build.indent();
    for (Property p : model.ownProperties()) {
      if (p.type() instanceof FieldType.InlineBytes inline) {
        build.add("\n.array($S, $T.$L, $T.footprint($L))", p.name(), RuntimeTypes.FIELD_KIND, inline.kind().name(),
            RuntimeTypes.INLINE_BYTES, inline.capacity());
      } else {
        build.add("\n.field($S, $T.$L)", p.name(), RuntimeTypes.FIELD_KIND, p.type().kind().name());
      }
    }
    build.add("\n.build()").unindent();
    t.addField(FieldSpec.builder(RuntimeTypes.LAYOUT, "LAYOUT", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .initializer(build.build())
        .build());
    t.addField(FieldSpec.builder(ParameterizedTypeName.get(RuntimeTypes.PCLASS, proxy), "PCLASS", Modifier.PUBLIC,
            Modifier.STATIC, Modifier.FINAL)
        .initializer("$T.of($T.class, LAYOUT, $T::new)", RuntimeTypes.PCLASS, proxy, proxy)
        .build());
    t.addStaticBlock(CodeBlock.of("$T.checkLayout($T.class, LAYOUT, FINGERPRINT);\n", RuntimeTypes.PROXIES, proxy));
  }

  /** The handle, adopted on first use by a proxy under construction: one null check otherwise. */
  private static MethodSpec handle(ClassName proxy) {
    return MethodSpec.methodBuilder(HANDLE_FIELD)
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(RuntimeTypes.HANDLE)
        .addStatement("$T h = $L", RuntimeTypes.HANDLE, HANDLE_FIELD)
        .beginControlFlow("if (h == null)")
        .addStatement("h = $T.adopt(this)", RuntimeTypes.CONSTRUCTION)
        .addStatement("$L = h", HANDLE_FIELD)
        .addStatement("h.bind(this, $T.$L)", proxy, SIZE_CONSTANT)
        .endControlFlow()
        .addStatement("return h")
        .build();
  }

  /** Where the handle grants and revokes the accessors' direct access to the object's blocks. */
  private static MethodSpec directAccess() {
    return MethodSpec.methodBuilder(DIRECT_ACCESS_METHOD)
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .addParameter(long.class, "base")
        .addParameter(RuntimeTypes.PERSISTENCE, "persistence")
        .addStatement("$L = persistence", WRITE_BACK_FIELD)
        .addStatement("$L = base", BASE_FIELD)
        .build();
  }

  private static String hexLong(long v) {
    return String.format(Locale.ROOT, "0x%016xL", v);
  }
}
