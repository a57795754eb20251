package org.jnvm.processor.writer;

import com.palantir.javapoet.CodeBlock;
import org.jnvm.processor.model.PersistentClass;

/** The class comment of a proxy: what it is, and how its construction behaves, which Java constrains. */
final class ProxyJavadoc {
  private ProxyJavadoc() {}

  static CodeBlock of(PersistentClass model) {
    String x = model.element().getSimpleName().toString();
    String proxy = model.proxyName().simpleName();
    CodeBlock.Builder b = CodeBlock.builder();
    b.add("The persistent proxy of {@link $L}, written by the jnvm annotation processor: it implements the persistent"
        + " fields of $L over an object in a heap, with the layout {@code $L}.\n", x, x, model.layout().descriptor());
    b.add("\n<p><b>New objects.</b> {@code new $L(args)} runs the constructor {@code $L(args)} on a new object of the heap"
        + " given to {@code Construction.inHeap}, or else of {@code JNVM.heap()}. The object is allocated when that"
        + " constructor first touches a persistent field, or when it returns.\n", proxy, x);
    if (model.fa()) {
      b.add("$L is failure-atomic, so its constructors run inside a failure-atomic block, which validates the new object"
          + " when it commits and aborts everything the constructor did if it throws. Java lets no constructor catch what"
          + " its superclass constructor throws, so {@code new} cannot open that block itself: it must be called inside a"
          + " block (a failure-atomic method, {@code FailureAtomic.run}), and throws otherwise."
          + " {@code $L.create(args)} opens the block and can be called anywhere.\n", x, proxy);
    } else {
      b.add("The object stays invalid, so dead after a crash, until {@code validate()}, {@code Roots.put} or an atomic"
          + " {@code updateX} makes it valid (the low-level interface).\n");
    }
    b.add("\n<p>If {@code $L(args)} throws, no valid object is left, but its allocation is freed only once jnvm learns of"
        + " the failure (see {@code Construction}); {@code $L.create(args)}, which constructs in a scope that sees the"
        + " exception, frees it at once.\n", x, proxy);
    b.add("\n<p><b>Resurrection.</b> The runtime attaches proxies to existing objects through {@link #PCLASS}. That runs"
        + " {@code $L()}, which must not touch persistent fields, then {@code resurrect()}, which rebuilds volatile state.\n", x);
    return b.build();
  }
}
