package org.jnvm.tests.proxy;

import org.jnvm.PObject;
import org.jnvm.Persistent;

@Persistent
public abstract class Shape implements PObject {
  public abstract int getColor();
  public abstract void setColor(int v);
  public abstract Shape getNext();
  public abstract void setNext(Shape v);

  protected Shape() {}

  protected Shape(int color) {
    setColor(color);
  }

  public double area() {
    return 0;
  }
}
