package org.jnvm.processor.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import org.jnvm.Inline;
import org.jnvm.PObject;
import org.jnvm.layout.FieldKind;
import org.jnvm.proxy.EnumIds;
import org.jnvm.proxy.InlineBytes;

/** Which Java types a persistent field can have, and how each is stored. */
final class FieldTypes {
  private final Types types;
  private final Reporter reporter;
  private final TypeMirror pobject;
  private final TypeMirror string;
  private final TypeMirror collection;
  private final TypeMirror map;

  FieldTypes(Elements elements, Types types, Reporter reporter) {
    this.types = types;
    this.reporter = reporter;
    this.pobject = elements.getTypeElement(PObject.class.getName()).asType();
    this.string = elements.getTypeElement(String.class.getName()).asType();
    this.collection = types.erasure(elements.getTypeElement("java.util.Collection").asType());
    this.map = types.erasure(elements.getTypeElement("java.util.Map").asType());
  }

  /** The field type of {@code type}, or null after reporting why it cannot be persistent. */
  FieldType classify(TypeMirror type, String field, Element at) {
    if (at.getAnnotation(Inline.class) != null && type.getKind() != TypeKind.ARRAY) {
      return rejected(at, Messages.inlineNotBytes(field, type));
    }
    return switch (type.getKind()) {
      case BOOLEAN -> new FieldType.Primitive(type, FieldKind.BOOLEAN);
      case BYTE -> new FieldType.Primitive(type, FieldKind.BYTE);
      case CHAR -> new FieldType.Primitive(type, FieldKind.CHAR);
      case SHORT -> new FieldType.Primitive(type, FieldKind.SHORT);
      case INT -> new FieldType.Primitive(type, FieldKind.INT);
      case FLOAT -> new FieldType.Primitive(type, FieldKind.FLOAT);
      case LONG -> new FieldType.Primitive(type, FieldKind.LONG);
      case DOUBLE -> new FieldType.Primitive(type, FieldKind.DOUBLE);
      case DECLARED -> declared((DeclaredType) type, field, at);
      case ARRAY -> array((ArrayType) type, field, at);
      case TYPEVAR, WILDCARD, INTERSECTION -> rejected(at, Messages.typeVariableField(field, type));
      default -> rejected(at, Messages.volatileField(field, type));
    };
  }

  /** An array is persistent only as an {@code @Inline byte[]}. */
  private FieldType array(ArrayType type, String field, Element at) {
    Inline inline = at.getAnnotation(Inline.class);
    if (inline == null) {
      return rejected(at, Messages.arrayField(field, type));
    }
    if (type.getComponentType().getKind() != TypeKind.BYTE) {
      return rejected(at, Messages.inlineNotBytes(field, type));
    }
    if (inline.capacity() < 1 || inline.capacity() > InlineBytes.MAX_CAPACITY) {
      return rejected(at, Messages.inlineCapacity(field, inline.capacity(), InlineBytes.MAX_CAPACITY));
    }
    return new FieldType.InlineBytes(type, inline.capacity());
  }

  private FieldType rejected(Element at, String message) {
    reporter.error(at, message);
    return null;
  }

  private FieldType declared(DeclaredType type, String field, Element at) {
    TypeElement element = (TypeElement) type.asElement();
    if (element.getKind() == ElementKind.ENUM) {
      return enumField(type, element, at);
    }
    TypeMirror erased = types.erasure(type);
    if (types.isAssignable(erased, pobject)) {
      return new FieldType.Reference(type);
    }
    if (types.isSameType(erased, string)) {
      reporter.error(at, Messages.stringField(field));
    } else if (isBoxed(type)) {
      reporter.error(at, Messages.boxedField(field, type, types.unboxedType(type)));
    } else if (types.isAssignable(erased, collection) || types.isAssignable(erased, map)) {
      reporter.error(at, Messages.collectionField(field, type));
    } else {
      reporter.error(at, Messages.volatileField(field, type));
    }
    return null;
  }

  private boolean isBoxed(TypeMirror type) {
    try {
      types.unboxedType(type);
      return true;
    } catch (IllegalArgumentException notBoxed) {
      return false;
    }
  }

  private FieldType enumField(DeclaredType type, TypeElement element, Element at) {
    List<FieldType.Constant> constants = new ArrayList<>();
    Map<Integer, String> byId = new HashMap<>();
    boolean ok = true;
    for (Element e : element.getEnclosedElements()) {
      if (e.getKind() != ElementKind.ENUM_CONSTANT) {
        continue;
      }
      String name = e.getSimpleName().toString();
      int id = EnumIds.of(name);
      String other = byId.putIfAbsent(id, name);
      if (id == 0) {
        reporter.error(at, Messages.enumZero(element, name));
        ok = false;
      } else if (other != null) {
        reporter.error(at, Messages.enumCollision(element, other, name, id));
        ok = false;
      }
      constants.add(new FieldType.Constant(name, id));
    }
    return ok ? new FieldType.EnumField(type, element, constants) : null;
  }
}
