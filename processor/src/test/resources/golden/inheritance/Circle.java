package golden;

import org.jnvm.Persistent;

/** Extends Shape's layout: radius goes after it, flags into the hole after color. */
@Persistent
public abstract class Circle extends Shape {
  public abstract double getRadius();
  public abstract void setRadius(double radius);
  public abstract byte getFlags();
  public abstract void setFlags(byte flags);

  protected Circle() {}

  protected Circle(double radius) {
    setRadius(radius);
  }

  @Override
  public double area() {
    return Math.PI * getRadius() * getRadius();
  }
}
