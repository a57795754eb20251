package golden;

import org.jnvm.PObject;
import org.jnvm.Persistent;

@Persistent
public abstract class Shape implements PObject {
  public abstract Shape getNext();
  public abstract void setNext(Shape next);
  public abstract int getColor();
  public abstract void setColor(int color);

  protected Shape() {}

  public double area() {
    return 0;
  }
}
