package org.jnvm.processor.model;

import javax.annotation.processing.Messager;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/** Reports errors on the elements at fault, and counts them. */
public final class Reporter {
  private final Messager messager;
  private int errors;

  public Reporter(Messager messager) {
    this.messager = messager;
  }

  void error(Element at, String message) {
    errors++;
    messager.printMessage(Diagnostic.Kind.ERROR, message, at);
  }

  /** The proxy of {@code type} could not be written, usually because a class already has its name. */
  public void cannotWrite(TypeElement type, String detail) {
    error(type, Messages.proxyExists(type, detail));
  }

  /** A type {@code type} uses never came to exist, so it got no proxy. */
  public void unresolved(TypeElement type, String detail) {
    error(type, Messages.unresolvedClass(type, detail));
  }

  int errors() {
    return errors;
  }
}
