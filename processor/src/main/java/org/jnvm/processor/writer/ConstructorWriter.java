package org.jnvm.processor.writer;

import static org.jnvm.processor.writer.RuntimeTypes.HANDLE_FIELD;
import static org.jnvm.processor.writer.RuntimeTypes.SIZE_CONSTANT;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import org.jnvm.processor.model.Names;
import org.jnvm.processor.model.PersistentClass;

/**
 * The constructors of a proxy. Each constructor {@code X(args)} of the persistent class gives:
 *
 * <ul>
 *   <li>{@code XProxy(args)}, which delegates to the next one with {@code Construction.begin(PCLASS,
 *       fa)} as its first argument, the only code Java runs before {@code X(args)};
 *   <li>a private {@code XProxy(token, args)}, which runs {@code X(args)} and then ends the
 *       construction;
 *   <li>{@code static XProxy create(args)}, which constructs in a scope that cleans up at once if
 *       {@code X(args)} throws and, for a failure-atomic class, is one failure-atomic block.
 * </ul>
 *
 * Then the resurrect constructor, which only attaches.
 */
final class ConstructorWriter {
  List<MethodSpec> methods(PersistentClass model) {
    List<MethodSpec> out = new ArrayList<>();
    out.add(resurrect(model.proxyName()));
    for (ExecutableElement c : model.constructors()) {
      out.addAll(mirror(model, c));
    }
    return out;
  }

  private static MethodSpec resurrect(ClassName proxy) {
    return MethodSpec.constructorBuilder()
        .addJavadoc("The resurrect constructor: attaches a proxy to existing data. The runtime calls {@code resurrect()} next.\n")
        .addModifiers(Modifier.PRIVATE)
        .addParameter(RuntimeTypes.HANDLE, "handle")
        .addStatement("super()")
        .addStatement("this.$L = handle", HANDLE_FIELD)
        .addStatement("handle.bind(this, $T.$L)", proxy, SIZE_CONSTANT)
        .build();
  }

  private static List<MethodSpec> mirror(PersistentClass model, ExecutableElement c) {
    ClassName proxy = model.proxyName();
    List<ParameterSpec> params = new ArrayList<>();
    NameAllocator names = new NameAllocator();
    for (VariableElement p : c.getParameters()) {
      params.add(ParameterSpec.get(p));
      names.newName(p.getSimpleName().toString(), p);
    }
    CodeBlock args = CodeBlock.join(params.stream().map(p -> CodeBlock.of("$N", p)).toList(), ", ");
    List<TypeVariableName> typeVariables = c.getTypeParameters().stream().map(TypeVariableName::get).toList();
    List<TypeName> exceptions = c.getThrownTypes().stream().map(TypeName::get).toList();
    boolean packagePrivate = !c.getModifiers().contains(Modifier.PUBLIC) && !c.getModifiers().contains(Modifier.PROTECTED);
    String token = names.newName("token");
    String mark = names.newName("mark");
    String done = names.newName("done");
    String created = names.newName("created");
    String signature = model.element().getSimpleName() + params.stream().map(p -> brief(p.type()))
        .collect(Collectors.joining(", ", "(", ")"));

    MethodSpec.Builder open = MethodSpec.constructorBuilder()
        .addJavadoc("Allocates an object and runs {@code $L} on it; see the class comment.\n", signature)
        .addTypeVariables(typeVariables)
        .addParameters(params)
        .varargs(c.isVarArgs())
        .addExceptions(exceptions)
        .addStatement("this($L)", prepend(CodeBlock.of("$T.begin(PCLASS, $L)", RuntimeTypes.CONSTRUCTION, model.fa()), args));
    if (!packagePrivate) {
      open.addModifiers(Modifier.PUBLIC);
    }

    MethodSpec.Builder run = MethodSpec.constructorBuilder()
        .addModifiers(Modifier.PRIVATE)
        .addTypeVariables(typeVariables)
        .addParameter(RuntimeTypes.TOKEN, token)
        .addParameters(params)
        .varargs(c.isVarArgs())
        .addExceptions(exceptions)
        .addStatement("super($L)", args)
        .addStatement("this.$L = $T.finish($N, this, this.$L)", HANDLE_FIELD, RuntimeTypes.CONSTRUCTION, token, HANDLE_FIELD)
        .addStatement("this.$L.bind(this, $T.$L)", HANDLE_FIELD, proxy, SIZE_CONSTANT);

    MethodSpec.Builder create = MethodSpec.methodBuilder(Names.CREATE)
        .addJavadoc("Like {@code new $T$L}, but if the constructor throws, the new object is freed at once", proxy,
            signature.substring(signature.indexOf('(')))
        .addJavadoc(model.fa() ? ", and everything the constructor did is undone: it runs as one failure-atomic block.\n" : ".\n")
        .addModifiers(Modifier.STATIC)
        .addTypeVariables(typeVariables)
        .returns(proxy)
        .addParameters(params)
        .varargs(c.isVarArgs())
        .addExceptions(exceptions)
        .addStatement("int $N = $T.open($L)", mark, RuntimeTypes.CONSTRUCTION, model.fa())
        .addStatement("boolean $N = false", done)
        .beginControlFlow("try")
        .addStatement("$T $N = new $T($L)", proxy, created, proxy, args)
        .addStatement("$N = true", done)
        .addStatement("return $N", created)
        .nextControlFlow("finally")
        .addStatement("$T.close($N, $L, $N)", RuntimeTypes.CONSTRUCTION, mark, model.fa(), done)
        .endControlFlow();
    if (!packagePrivate) {
      create.addModifiers(Modifier.PUBLIC);
    }
    return List.of(open.build(), run.build(), create.build());
  }

  /** {@code String} for {@code java.lang.String}: for comments. */
  private static String brief(TypeName type) {
    if (type instanceof ClassName c) {
      return c.simpleName();
    }
    if (type instanceof ParameterizedTypeName p) {
      return brief(p.rawType()) + p.typeArguments().stream().map(ConstructorWriter::brief).collect(Collectors.joining(", ", "<", ">"));
    }
    if (type instanceof ArrayTypeName a) {
      return brief(a.componentType()) + "[]";
    }
    return type.toString();
  }

  private static CodeBlock prepend(CodeBlock first, CodeBlock rest) {
    return rest.isEmpty() ? first : CodeBlock.of("$L, $L", first, rest);
  }
}
