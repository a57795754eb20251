package org.jnvm.tests.proxy;

import org.jnvm.Persistent;

@Persistent
public abstract class Circle extends Shape {
  public abstract double getRadius();
  public abstract void setRadius(double v);

  protected Circle() {}

  protected Circle(int color, double radius) {
    super(color);
    setRadius(radius);
  }

  @Override
  public double area() {
    return Math.PI * getRadius() * getRadius();
  }
}
