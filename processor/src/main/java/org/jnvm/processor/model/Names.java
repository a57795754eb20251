package org.jnvm.processor.model;

import com.palantir.javapoet.ClassName;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;

/** The names the processor reads (accessor prefixes) and writes (proxy, constants, per-field methods). */
public final class Names {
  /** The static factory that mirrors each constructor. */
  public static final String CREATE = "create";

  /** The method through which the heap grants a proxy direct access to its master block ({@code DirectAccess}). */
  public static final String DIRECT_ACCESS = "directAccess";

  private Names() {}

  /** {@code p.Account} gives {@code p.AccountProxy}; a member class {@code p.Bank.Account} gives {@code p.Bank_AccountProxy}. */
  public static ClassName proxyOf(TypeElement type) {
    List<String> names = new ArrayList<>();
    Element e = type;
    while (e.getKind() != ElementKind.PACKAGE) {
      names.add(0, e.getSimpleName().toString());
      e = e.getEnclosingElement();
    }
    return ClassName.get(((PackageElement) e).getQualifiedName().toString(), String.join("_", names) + "Proxy");
  }

  /** The part of an accessor's name after {@code prefix}, or null if it is not {@code prefix} and a capital. */
  static String suffix(String methodName, String prefix) {
    if (methodName.length() <= prefix.length() || !methodName.startsWith(prefix)) {
      return null;
    }
    char first = methodName.charAt(prefix.length());
    return Character.isUpperCase(first) ? methodName.substring(prefix.length()) : null;
  }

  /** The JavaBeans rule: {@code Balance} gives {@code balance}, {@code URL} stays {@code URL}. */
  static String fieldName(String suffix) {
    if (suffix.length() > 1 && Character.isUpperCase(suffix.charAt(1))) {
      return suffix;
    }
    return Character.toLowerCase(suffix.charAt(0)) + suffix.substring(1);
  }

  /** {@code startedMillis} gives {@code OFFSET_STARTED_MILLIS}. */
  public static String offsetConstant(String field) {
    StringBuilder b = new StringBuilder("OFFSET_");
    for (int i = 0; i < field.length(); i++) {
      char c = field.charAt(i);
      if (i > 0 && Character.isUpperCase(c) && !Character.isUpperCase(field.charAt(i - 1))) {
        b.append('_');
      }
      b.append(c);
    }
    return b.toString().toUpperCase(Locale.ROOT);
  }

  public static String pwb(String suffix) {
    return "pwb" + suffix;
  }

  public static String update(String suffix) {
    return "update" + suffix;
  }

  public static String updateAndFree(String suffix) {
    return "updateAndFree" + suffix;
  }
}
