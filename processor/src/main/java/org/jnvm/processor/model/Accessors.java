package org.jnvm.processor.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * Reads the abstract methods one class declares: getter and setter pairs, in declaration order,
 * and the abstract declarations of generated per-field methods, which are checked once every
 * field is known.
 */
final class Accessors {
  /** A persistent field before it is placed in the layout. */
  record Draft(String name, String suffix, ExecutableElement getter, ExecutableElement setter) {}

  /** What a class declares abstract. */
  record Declared(List<Draft> fields, List<ExecutableElement> hooks, List<ExecutableElement> others) {}

  private final Types types;
  private final Reporter reporter;

  Accessors(Types types, Reporter reporter) {
    this.types = types;
    this.reporter = reporter;
  }

  private static final class Slot {
    ExecutableElement getter;
    final List<ExecutableElement> setters = new ArrayList<>();

    List<ExecutableElement> accessors() {
      List<ExecutableElement> all = new ArrayList<>(setters);
      all.add(0, getter);
      return all;
    }
  }

  /**
   * Sorts the abstract methods of {@code type}, except those of {@code PObject}, which the caller
   * has removed. Reports accessors that do not pair up.
   */
  Declared scan(TypeElement type, List<ExecutableElement> abstractMethods) {
    Map<String, Slot> slots = new LinkedHashMap<>();
    List<ExecutableElement> hooks = new ArrayList<>();
    List<ExecutableElement> others = new ArrayList<>();
    for (ExecutableElement m : abstractMethods) {
      String name = m.getSimpleName().toString();
      int params = m.getParameters().size();
      boolean isVoid = m.getReturnType().getKind() == TypeKind.VOID;
      String get = Names.suffix(name, "get");
      String is = Names.suffix(name, "is");
      String set = Names.suffix(name, "set");
      if (params == 0 && !isVoid && (get != null || is != null)) {
        addGetter(slots, m, get != null ? get : is, get == null);
      } else if (params == 1 && isVoid && set != null) {
        slots.computeIfAbsent(set, s -> new Slot()).setters.add(m);
      } else if (isVoid && isHookName(name, params)) {
        hooks.add(m);
      } else {
        others.add(m);
      }
    }
    List<Draft> fields = new ArrayList<>();
    for (Map.Entry<String, Slot> e : slots.entrySet()) {
      Draft d = pair(e.getKey(), e.getValue());
      if (d != null) {
        fields.add(d);
      }
    }
    return new Declared(fields, hooks, others);
  }

  private void addGetter(Map<String, Slot> slots, ExecutableElement getter, String suffix, boolean isPrefix) {
    if (isPrefix && getter.getReturnType().getKind() != TypeKind.BOOLEAN) {
      reporter.error(getter, Messages.isNotBoolean(getter, suffix));
      return;
    }
    Slot slot = slots.computeIfAbsent(suffix, s -> new Slot());
    if (slot.getter != null) {
      reporter.error(getter, Messages.duplicateGetter(getter, slot.getter));
      return;
    }
    slot.getter = getter;
  }

  private Draft pair(String suffix, Slot slot) {
    if (slot.getter == null) {
      for (ExecutableElement setter : slot.setters) {
        reporter.error(setter, Messages.setterWithoutGetter(setter, suffix));
      }
      return null;
    }
    if (slot.setters.isEmpty()) {
      reporter.error(slot.getter, Messages.getterWithoutSetter(slot.getter, suffix));
      return null;
    }
    boolean generic = false;
    for (ExecutableElement m : slot.accessors()) {
      if (!m.getTypeParameters().isEmpty()) {
        reporter.error(m, Messages.genericAccessor(m));
        generic = true;
      }
    }
    if (generic) {
      return null;
    }
    ExecutableElement match = null;
    for (ExecutableElement setter : slot.setters) {
      if (types.isSameType(setter.getParameters().get(0).asType(), slot.getter.getReturnType())) {
        match = setter;
      } else {
        reporter.error(setter, Messages.mismatchedSetter(setter, slot.getter));
      }
    }
    if (match == null) {
      return null;
    }
    return new Draft(Names.fieldName(suffix), suffix, slot.getter, match);
  }

  /** pwbX(), updateX(v) or updateAndFreeX(v): the names of generated per-field methods. */
  static boolean isHookName(String name, int params) {
    if (params == 0) {
      return Names.suffix(name, "pwb") != null;
    }
    return params == 1 && (Names.suffix(name, "update") != null || Names.suffix(name, "updateAndFree") != null);
  }

  static boolean isAbstract(ExecutableElement m) {
    return m.getModifiers().contains(Modifier.ABSTRACT);
  }

  static List<ExecutableElement> methods(TypeElement type) {
    return ElementFilter.methodsIn(type.getEnclosedElements());
  }
}
