package org.jnvm.processor.model;

import javax.lang.model.element.ExecutableElement;

/**
 * One persistent field: an abstract getter and setter pair, its type, and its offset in the
 * layout.
 *
 * @param name the field's name in the layout, such as {@code balance}
 * @param suffix the part of the accessor names after get, set or is, such as {@code Balance}
 */
public record Property(String name, String suffix, FieldType type, ExecutableElement getter, ExecutableElement setter, long offset) {
  /** The name of the constant that holds the offset. */
  public String offsetConstant() {
    return Names.offsetConstant(name);
  }

  public boolean isReference() {
    return type instanceof FieldType.Reference;
  }
}
