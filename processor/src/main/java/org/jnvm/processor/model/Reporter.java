package org.jnvm.processor.model;

import javax.annotation.processing.Messager;
import javax.lang.model.element.Element;
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

  int errors() {
    return errors;
  }
}
