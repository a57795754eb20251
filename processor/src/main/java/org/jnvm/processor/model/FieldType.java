package org.jnvm.processor.model;

import java.util.List;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import org.jnvm.layout.FieldKind;

/** What a persistent field holds, and so how its accessors read and write it. */
public sealed interface FieldType {
  /** How the field is stored in the layout. */
  FieldKind kind();

  /** The field's Java type, as its getter returns it. */
  TypeMirror type();

  /** Bytes the field takes in an object. */
  default int size() {
    return kind().size();
  }

  /** A primitive, stored as itself. */
  record Primitive(TypeMirror type, FieldKind kind) implements FieldType {
    public TypeKind typeKind() {
      return type.getKind();
    }
  }

  /** A reference to a {@code PObject}, stored as the referenced object's offset. */
  record Reference(TypeMirror type) implements FieldType {
    @Override
    public FieldKind kind() {
      return FieldKind.REF;
    }
  }

  /** An enum, stored as the id of its constant's name (see {@code org.jnvm.proxy.EnumIds}). */
  record EnumField(TypeMirror type, TypeElement element, List<Constant> constants) implements FieldType {
    public EnumField {
      constants = List.copyOf(constants);
    }

    @Override
    public FieldKind kind() {
      return FieldKind.INT;
    }
  }

  /**
   * An {@code @Inline} {@code byte[]}: up to {@code capacity} bytes in the object itself, stored as
   * {@code org.jnvm.proxy.InlineBytes} says.
   */
  record InlineBytes(TypeMirror type, int capacity) implements FieldType {
    @Override
    public FieldKind kind() {
      return FieldKind.BYTE;
    }

    @Override
    public int size() {
      return org.jnvm.proxy.InlineBytes.footprint(capacity);
    }
  }

  /** One enum constant and the id stored for it. */
  record Constant(String name, int id) {}
}
