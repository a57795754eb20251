package org.jnvm.processor.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import org.jnvm.Fa;
import org.jnvm.Inline;
import org.jnvm.PObject;
import org.jnvm.Persistent;
import org.jnvm.heap.Handle;
import org.jnvm.layout.Layout;

/**
 * Builds the model of a {@code @Persistent} class, reporting on the exact element every rule it
 * breaks. A class with any error gets no model, and so no proxy.
 */
public final class ClassAnalyzer {
  private final Elements elements;
  private final Types types;
  private final Reporter reporter;
  private final FieldTypes fieldTypes;
  private final Accessors accessors;
  private final TypeElement pobject;
  private final TypeMirror handle;
  private final List<ExecutableElement> pobjectMethods;
  private final List<ExecutableElement> objectMethods;
  private final Map<TypeElement, Optional<PersistentClass>> analysed = new HashMap<>();

  public ClassAnalyzer(ProcessingEnvironment env, Reporter reporter) {
    this.elements = env.getElementUtils();
    this.types = env.getTypeUtils();
    this.reporter = reporter;
    this.fieldTypes = new FieldTypes(elements, types, reporter);
    this.accessors = new Accessors(types, reporter);
    this.pobject = elements.getTypeElement(PObject.class.getName());
    this.handle = elements.getTypeElement(Handle.class.getName()).asType();
    this.pobjectMethods = Accessors.methods(pobject);
    this.objectMethods = Accessors.methods(elements.getTypeElement(Object.class.getName()));
  }

  /** The model of {@code type}, or empty if it has errors (reported) or its superclass has. */
  public Optional<PersistentClass> analyse(TypeElement type) throws Unresolved {
    if (analysed.containsKey(type)) {
      return analysed.get(type);
    }
    checkResolved(type);
    int before = reporter.errors();
    PersistentClass model = build(type);
    Optional<PersistentClass> result = reporter.errors() == before ? Optional.ofNullable(model) : Optional.empty();
    analysed.put(type, result);
    return result;
  }

  /** Defers a class whose superclass or accessor types do not exist yet. */
  private void checkResolved(TypeElement type) throws Unresolved {
    if (type.getSuperclass().getKind() == TypeKind.ERROR) {
      throw new Unresolved(type + " extends an unresolved type " + type.getSuperclass());
    }
    for (ExecutableElement m : Accessors.methods(type)) {
      List<TypeMirror> used = new ArrayList<>();
      used.add(m.getReturnType());
      m.getParameters().forEach(p -> used.add(p.asType()));
      for (TypeMirror t : used) {
        if (t.getKind() == TypeKind.ERROR) {
          throw new Unresolved(type + "." + m.getSimpleName() + " uses an unresolved type " + t);
        }
      }
    }
  }

  private PersistentClass build(TypeElement type) throws Unresolved {
    if (type.getKind() != ElementKind.CLASS) {
      reporter.error(type, Messages.notAClass(type));
      return null;
    }
    checkShape(type);
    PersistentClass parent = parentOf(type);
    boolean fa = type.getAnnotation(Persistent.class).fa() == Fa.NON_PRIVATE;
    if (parent != null && parent.fa() && !fa) {
      reporter.error(type, Messages.weakerFa(type, parent.element()));
    }

    Accessors.Declared declared = accessors.scan(type, ownAbstractMethods(type));
    declared.others().forEach(m -> reporter.error(m, Messages.notAnAccessor(m)));
    checkInheritedAbstract(type);

    Placed placed = place(parent, declared.fields());
    List<Property> own = placed.properties();
    Layout layout = placed.layout();
    List<Property> all = new ArrayList<>(parent == null ? List.of() : parent.properties());
    all.addAll(own);
    checkConstants(all, type);
    Set<String> hooks = declaredHooks(declared.hooks(), all);

    List<ExecutableElement> constructors = constructors(type);
    checkClashes(type, all, constructors);
    List<ExecutableElement> wrapped = fa ? wrapped(type) : List.of();
    return new PersistentClass(type, Names.proxyOf(type), parent, fa, own, layout, constructors, wrapped, hooks);
  }

  // ------------------------------------------------------------ the class itself

  private void checkShape(TypeElement type) {
    Set<Modifier> modifiers = type.getModifiers();
    if (modifiers.contains(Modifier.FINAL)) {
      reporter.error(type, Messages.finalClass(type));
    } else if (!modifiers.contains(Modifier.ABSTRACT)) {
      reporter.error(type, Messages.notAbstract(type));
    }
    if (isPrivate(type)) {
      reporter.error(type, Messages.privateClass(type));
    }
    NestingKind nesting = type.getNestingKind();
    // Local classes never reach a processor, so a class is top-level or a member.
    if (nesting == NestingKind.MEMBER && !modifiers.contains(Modifier.STATIC)) {
      reporter.error(type, Messages.innerClass(type));
    }
    if (!type.getTypeParameters().isEmpty()) {
      reporter.error(type, Messages.genericClass(type));
    }
    if (!types.isAssignable(type.asType(), pobject.asType())) {
      reporter.error(type, Messages.notPObject(type));
    }
  }

  private static boolean isPrivate(TypeElement type) {
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      if (e.getModifiers().contains(Modifier.PRIVATE)) {
        return true;
      }
    }
    return false;
  }

  /** The model of the {@code @Persistent} superclass, or null for Object (or after an error). */
  private PersistentClass parentOf(TypeElement type) throws Unresolved {
    TypeMirror superclass = type.getSuperclass();
    if (superclass.getKind() != TypeKind.DECLARED) {
      return null;
    }
    TypeElement parent = (TypeElement) ((DeclaredType) superclass).asElement();
    if (parent.getQualifiedName().contentEquals(Object.class.getName())) {
      return null;
    }
    if (parent.getAnnotation(Persistent.class) == null) {
      reporter.error(type, Messages.badSuperclass(type, parent));
      return null;
    }
    // The superclass's own errors are reported on it; here they only stop this class.
    return analyse(parent).orElse(null);
  }

  // ------------------------------------------------------------ abstract methods

  /** The abstract methods {@code type} declares, less those of PObject (which it may redeclare: handle() only). */
  private List<ExecutableElement> ownAbstractMethods(TypeElement type) {
    List<ExecutableElement> out = new ArrayList<>();
    for (ExecutableElement m : Accessors.methods(type)) {
      if (!Accessors.isAbstract(m)) {
        continue;
      }
      ExecutableElement of = overridden(m, type, pobjectMethods);
      if (of == null) {
        out.add(m);
      } else if (m.getSimpleName().contentEquals("isValid")) {
        reporter.error(m, Messages.pobjectField(m));
      } else if (!m.getSimpleName().contentEquals("handle")) {
        reporter.error(m, Messages.pobjectMethod(m));
      }
    }
    return out;
  }

  /** Abstract methods inherited from interfaces other than PObject, which nothing implements. */
  private void checkInheritedAbstract(TypeElement type) {
    List<ExecutableElement> members = ElementFilter.methodsIn(elements.getAllMembers(type));
    for (ExecutableElement m : members) {
      Element owner = m.getEnclosingElement();
      if (!Accessors.isAbstract(m) || owner.getKind() != ElementKind.INTERFACE || owner.equals(pobject)) {
        continue;
      }
      boolean implemented = false;
      for (ExecutableElement other : members) {
        if (other != m && elements.overrides(other, m, type) && other.getEnclosingElement().getKind() == ElementKind.CLASS) {
          implemented = true;
          break;
        }
      }
      if (!implemented) {
        reporter.error(type, Messages.unimplemented(type, m));
      }
    }
  }

  // ------------------------------------------------------------ fields and layout

  /** The fields a class declares, with their offsets, and the layout they make with the parent's. */
  private record Placed(List<Property> properties, Layout layout) {}

  private Placed place(PersistentClass parent, List<Accessors.Draft> drafts) {
    Map<String, Property> inherited = new HashMap<>();
    if (parent != null) {
      parent.properties().forEach(p -> inherited.put(p.name(), p));
    }
    List<Property> own = new ArrayList<>();
    for (Accessors.Draft d : drafts) {
      Property before = inherited.get(d.name());
      if (before != null) {
        reporter.error(d.getter(), Messages.inheritedField(d.getter(), d.name(), before.getter().getEnclosingElement()));
        continue;
      }
      if (d.setter().getAnnotation(Inline.class) != null) {
        reporter.error(d.setter(), Messages.inlineOnSetter(d.setter()));
      }
      FieldType ft = fieldTypes.classify(d.getter().getReturnType(), d.name(), d.getter());
      if (ft != null) {
        own.add(new Property(d.name(), d.suffix(), ft, d.getter(), d.setter(), -1));
      }
    }
    Layout layout = layoutOf(parent, own);
    List<Property> placed = new ArrayList<>();
    for (Property p : own) {
      long offset = layout.field(p.name()).orElseThrow().offset();
      placed.add(new Property(p.name(), p.suffix(), p.type(), p.getter(), p.setter(), offset));
    }
    return new Placed(placed, layout);
  }

  /** The runtime's own layout algorithm, so that offsets are computed in one place. */
  private static Layout layoutOf(PersistentClass parent, List<Property> own) {
    Layout.Builder b = parent == null ? Layout.builder() : Layout.extending(parent.layout());
    for (Property p : own) {
      if (p.type() instanceof FieldType.InlineBytes inline) {
        b.array(p.name(), inline.kind(), inline.size());
      } else {
        b.field(p.name(), p.type().kind());
      }
    }
    return b.build();
  }

  private void checkConstants(List<Property> all, TypeElement type) {
    Map<String, Property> byConstant = new HashMap<>();
    for (Property p : all) {
      Property other = byConstant.putIfAbsent(p.offsetConstant(), p);
      if (other != null) {
        Element at = p.getter().getEnclosingElement().equals(type) ? p.getter() : type;
        reporter.error(at, Messages.constantClash(p.name(), other.name(), p.offsetConstant()));
      }
    }
  }

  // ------------------------------------------------------------ generated per-field methods

  private Set<String> declaredHooks(List<ExecutableElement> candidates, List<Property> all) {
    Set<String> hooks = new LinkedHashSet<>();
    for (ExecutableElement m : candidates) {
      if (hookFor(m, all) != null) {
        hooks.add(m.getSimpleName().toString());
      } else {
        reporter.error(m, Messages.notAnAccessor(m));
      }
    }
    return hooks;
  }

  /** The field whose generated method {@code m} has the signature of, or null. */
  private Property hookFor(ExecutableElement m, List<Property> all) {
    String name = m.getSimpleName().toString();
    for (Property p : all) {
      if (m.getParameters().isEmpty()) {
        if (name.equals(Names.pwb(p.suffix()))) {
          return p;
        }
      } else if (m.getParameters().size() == 1 && p.isReference()
          && (name.equals(Names.update(p.suffix())) || name.equals(Names.updateAndFree(p.suffix())))
          && types.isSameType(types.erasure(m.getParameters().get(0).asType()), types.erasure(p.type().type()))) {
        return p;
      }
    }
    return null;
  }

  private void checkClashes(TypeElement type, List<Property> all, List<ExecutableElement> constructors) {
    for (TypeElement c = type; c != null; c = superclassOf(c)) {
      for (ExecutableElement m : Accessors.methods(c)) {
        if (Accessors.isAbstract(m)) {
          continue;
        }
        String name = m.getSimpleName().toString();
        if (name.equals("handle") && m.getParameters().isEmpty() && !m.getModifiers().contains(Modifier.STATIC)) {
          reporter.error(m, Messages.handleClash(m));
        }
        if (name.equals(Names.DIRECT_ACCESS) && m.getParameters().size() == 1 && !m.getModifiers().contains(Modifier.STATIC)) {
          reporter.error(m, Messages.directAccessClash(m));
        }
        Property hooked = hookFor(m, all);
        if (hooked != null) {
          reporter.error(m, Messages.hookClash(m, hooked.name()));
        }
        if (name.equals(Names.CREATE) && constructors.stream().anyMatch(k -> sameErasedParameters(k, m))) {
          reporter.error(m, Messages.createClash(m, type));
        }
      }
    }
  }

  private TypeElement superclassOf(TypeElement type) {
    TypeMirror s = type.getSuperclass();
    if (s.getKind() != TypeKind.DECLARED) {
      return null;
    }
    TypeElement e = (TypeElement) ((DeclaredType) s).asElement();
    return e.getQualifiedName().contentEquals(Object.class.getName()) ? null : e;
  }

  private boolean sameErasedParameters(ExecutableElement a, ExecutableElement b) {
    if (a.getParameters().size() != b.getParameters().size()) {
      return false;
    }
    for (int i = 0; i < a.getParameters().size(); i++) {
      TypeMirror x = types.erasure(a.getParameters().get(i).asType());
      TypeMirror y = types.erasure(b.getParameters().get(i).asType());
      if (!types.isSameType(x, y)) {
        return false;
      }
    }
    return true;
  }

  // ------------------------------------------------------------ constructors

  private List<ExecutableElement> constructors(TypeElement type) {
    List<ExecutableElement> all = ElementFilter.constructorsIn(type.getEnclosedElements());
    ExecutableElement noArgs = null;
    List<ExecutableElement> mirrored = new ArrayList<>();
    for (ExecutableElement c : all) {
      boolean isPrivate = c.getModifiers().contains(Modifier.PRIVATE);
      if (c.getParameters().isEmpty()) {
        noArgs = c;
        if (isPrivate) {
          reporter.error(c, Messages.privateNoArgConstructor(type));
        }
      } else if (c.getParameters().size() == 1 && types.isSameType(c.getParameters().get(0).asType(), handle)) {
        reporter.error(c, Messages.handleConstructor(type));
      }
      if (!isPrivate) {
        mirrored.add(c);
      }
    }
    if (noArgs == null) {
      reporter.error(type, Messages.noNoArgConstructor(type));
    }
    return mirrored;
  }

  // ------------------------------------------------------------ failure-atomic wrappers

  /**
   * The methods a failure-atomic proxy overrides: every concrete, non-private, non-static,
   * non-final method it can override, declared by the class, its superclasses or (default
   * methods) its interfaces, but not those of Object and PObject, which collections, the runtime
   * and resurrection call. The most derived declaration of each, the class's own first.
   */
  private List<ExecutableElement> wrapped(TypeElement type) {
    List<TypeElement> owners = new ArrayList<>();
    for (TypeElement c = type; c != null; c = superclassOf(c)) {
      owners.add(c);
    }
    ArrayDeque<TypeElement> interfaces = new ArrayDeque<>();
    Set<TypeElement> seen = new LinkedHashSet<>();
    for (TypeElement c : List.copyOf(owners)) {
      c.getInterfaces().forEach(i -> interfaces.add((TypeElement) types.asElement(i)));
    }
    while (!interfaces.isEmpty()) {
      TypeElement i = interfaces.poll();
      if (!i.equals(pobject) && seen.add(i)) {
        owners.add(i);
        i.getInterfaces().forEach(j -> interfaces.add((TypeElement) types.asElement(j)));
      }
    }
    List<ExecutableElement> out = new ArrayList<>();
    for (TypeElement owner : owners) {
      for (ExecutableElement m : Accessors.methods(owner)) {
        if (isWrappable(m, owner, type) && out.stream().noneMatch(o -> elements.overrides(o, m, type))) {
          out.add(m);
        }
      }
    }
    return out;
  }

  private boolean isWrappable(ExecutableElement m, TypeElement owner, TypeElement type) {
    Set<Modifier> mods = m.getModifiers();
    if (mods.contains(Modifier.ABSTRACT) || mods.contains(Modifier.STATIC) || mods.contains(Modifier.FINAL)
        || mods.contains(Modifier.PRIVATE)) {
      return false;
    }
    if (owner.getKind() == ElementKind.INTERFACE && !mods.contains(Modifier.DEFAULT)) {
      return false;
    }
    boolean packagePrivate = !mods.contains(Modifier.PUBLIC) && !mods.contains(Modifier.PROTECTED);
    if (packagePrivate && !elements.getPackageOf(owner).equals(elements.getPackageOf(type))) {
      return false;
    }
    return overridden(m, type, objectMethods) == null && overridden(m, type, pobjectMethods) == null;
  }

  private ExecutableElement overridden(ExecutableElement m, TypeElement in, List<ExecutableElement> candidates) {
    for (ExecutableElement c : candidates) {
      if (elements.overrides(m, c, in)) {
        return c;
      }
    }
    return null;
  }
}
