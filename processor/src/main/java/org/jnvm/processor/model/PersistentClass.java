package org.jnvm.processor.model;

import com.palantir.javapoet.ClassName;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import org.jnvm.layout.Layout;

/**
 * What a {@code @Persistent} class means, as its proxy needs it: its persistent fields and
 * their layout, the constructors to mirror, and the methods to wrap in failure-atomic blocks.
 *
 * @param parent the model of the {@code @Persistent} superclass, or null
 * @param ownProperties the fields this class declares, in declaration order; the parent's come first in the layout
 * @param layout the whole layout, the parent's fields included
 * @param constructors the non-private constructors, which the proxy mirrors
 * @param wrapped the methods the proxy wraps in failure-atomic blocks: none unless {@code fa}
 * @param declaredHooks names of generated per-field methods ({@code pwbX}, {@code updateX}...) that
 *     the class declares abstract, so that users can call them through its type
 */
public record PersistentClass(
    TypeElement element,
    ClassName proxyName,
    PersistentClass parent,
    boolean fa,
    List<Property> ownProperties,
    Layout layout,
    List<ExecutableElement> constructors,
    List<ExecutableElement> wrapped,
    Set<String> declaredHooks) {

  public PersistentClass {
    ownProperties = List.copyOf(ownProperties);
    constructors = List.copyOf(constructors);
    wrapped = List.copyOf(wrapped);
    declaredHooks = Set.copyOf(declaredHooks);
  }

  /** Every persistent field, the superclasses' first: the proxy implements all their accessors. */
  public List<Property> properties() {
    List<Property> all = new ArrayList<>(parent == null ? List.of() : parent.properties());
    all.addAll(ownProperties);
    return all;
  }

  /** Whether a generated per-field method is also declared by the class or a superclass. */
  public boolean declaresHook(String name) {
    return declaredHooks.contains(name) || (parent != null && parent.declaresHook(name));
  }
}
