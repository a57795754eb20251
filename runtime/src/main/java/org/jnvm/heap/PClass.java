package org.jnvm.heap;

import java.util.Objects;
import java.util.function.Function;
import org.jnvm.PObject;
import org.jnvm.heap.registry.ClassRegistry;
import org.jnvm.layout.Layout;

/**
 * A persistent class as the runtime knows it: the proxy class, its layout, and how to attach a
 * proxy to existing data. Every proxy class declares one as {@code public static final PClass<X>
 * PCLASS}; the runtime reads that field once per class, after checking that the class implements
 * {@link PObject}, and resurrects through the cached function, never through reflection.
 *
 * @param <T> the proxy class
 */
public final class PClass<T extends PObject> {
  /** The name of the static field that holds a proxy class's {@code PClass}. */
  public static final String FIELD = "PCLASS";

  private final Class<T> type;
  private final Layout layout;
  private final Function<Handle, T> attach;
  private final boolean overridesRecover;
  private final boolean overridesResurrect;
  /** The class id in the heap this class was last used with; read without locking (see {@link Binding}). */
  private volatile Binding binding;

  /**
   * A class id valid in one heap, whose class registry gave it; immutable, so a racy read sees a
   * consistent pair.
   */
  public record Binding(ClassRegistry registry, int classId) {}

  private PClass(Class<T> type, Layout layout, Function<Handle, T> attach) {
    this.type = Objects.requireNonNull(type, "type");
    this.layout = Objects.requireNonNull(layout, "layout");
    this.attach = Objects.requireNonNull(attach, "attach");
    this.overridesRecover = overrides(type, "recover");
    this.overridesResurrect = overrides(type, "resurrect");
  }

  /**
   * Describes a proxy class.
   *
   * @param attach the resurrect constructor: it only stores the handle; the runtime calls {@link
   *     PObject#resurrect()} after it
   */
  public static <T extends PObject> PClass<T> of(Class<T> type, Layout layout, Function<Handle, T> attach) {
    return new PClass<>(type, layout, attach);
  }

  public Class<T> type() {
    return type;
  }

  public String name() {
    return type.getName();
  }

  public Layout layout() {
    return layout;
  }

  public boolean overridesResurrect() {
    return overridesResurrect;
  }

  public boolean overridesRecover() {
    return overridesRecover;
  }

  /** Attaches a new proxy to {@code handle} and lets it rebuild its volatile state. */
  public T attach(Handle handle) {
    T proxy = attach.apply(handle);
    if (overridesResurrect) {
      proxy.resurrect();
    }
    return proxy;
  }

  public Binding binding() {
    return binding;
  }

  public void bind(Binding b) {
    binding = b;
  }

  private static boolean overrides(Class<?> type, String method) {
    try {
      return type.getMethod(method).getDeclaringClass() != PObject.class;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  @Override
  public String toString() {
    return "PClass[" + name() + ": " + layout + "]";
  }
}
