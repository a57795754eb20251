package org.jnvm.processor.writer;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.Types;
import org.jnvm.processor.model.PersistentClass;

/**
 * Overrides each method of a failure-atomic class with a call of the original inside a block,
 * in the bracket form {@code FailureAtomic} documents: the block ends if the method returns and
 * aborts if it throws.
 */
final class WrapperWriter {
  private final Types types;

  WrapperWriter(Types types) {
    this.types = types;
  }

  List<MethodSpec> methods(PersistentClass model) {
    DeclaredType owner = (DeclaredType) model.element().asType();
    List<MethodSpec> out = new ArrayList<>();
    for (ExecutableElement m : model.wrapped()) {
      out.add(wrap(owner, m));
    }
    return out;
  }

  private MethodSpec wrap(DeclaredType owner, ExecutableElement m) {
    MethodSpec.Builder b = MethodSpec.overriding(m, owner, types);
    if (m.getAnnotation(Deprecated.class) != null) {
      b.addAnnotation(Deprecated.class);
    }
    NameAllocator names = new NameAllocator();
    List<CodeBlock> args = new ArrayList<>();
    for (VariableElement p : m.getParameters()) {
      names.newName(p.getSimpleName().toString(), p);
      args.add(CodeBlock.of("$N", p.getSimpleName().toString()));
    }
    String done = names.newName("done");
    CodeBlock call = CodeBlock.of("super.$N($L)", m.getSimpleName().toString(), CodeBlock.join(args, ", "));
    boolean returns = m.getReturnType().getKind() != TypeKind.VOID;

    b.addStatement("$T.start()", RuntimeTypes.FAILURE_ATOMIC);
    b.addStatement("boolean $N = false", done);
    b.beginControlFlow("try");
    if (returns) {
      String result = names.newName("result");
      TypeName type = TypeName.get(((ExecutableType) types.asMemberOf(owner, m)).getReturnType());
      b.addStatement("$T $N = $L", type, result, call);
      b.addStatement("$N = true", done);
      b.addStatement("return $N", result);
    } else {
      b.addStatement("$L", call);
      b.addStatement("$N = true", done);
    }
    b.nextControlFlow("finally");
    b.beginControlFlow("if ($N)", done);
    b.addStatement("$T.end()", RuntimeTypes.FAILURE_ATOMIC);
    b.nextControlFlow("else");
    b.addStatement("$T.abort()", RuntimeTypes.FAILURE_ATOMIC);
    b.endControlFlow();
    b.endControlFlow();
    return b.build();
  }
}
