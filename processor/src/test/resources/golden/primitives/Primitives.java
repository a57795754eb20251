package golden;

import org.jnvm.PObject;
import org.jnvm.Persistent;

/** Every primitive type and an enum, without failure-atomic blocks. */
@Persistent
public abstract class Primitives implements PObject {
  public enum Color { RED, GREEN, BLUE }

  public abstract boolean isFlag();
  public abstract void setFlag(boolean v);
  public abstract byte getSmall();
  public abstract void setSmall(byte v);
  public abstract char getLetter();
  public abstract void setLetter(char v);
  public abstract short getShortOne();
  public abstract void setShortOne(short v);
  public abstract int getCount();
  public abstract void setCount(int v);
  public abstract float getRatio();
  public abstract void setRatio(float v);
  public abstract long getTotal();
  public abstract void setTotal(long base); // named like the accessors' local for the base address
  public abstract double getMean();
  public abstract void setMean(double v);
  public abstract Color getColor();
  public abstract void setColor(Color c);

  transient int cached;

  protected Primitives() {}

  protected Primitives(int count, Color color) {
    setCount(count);
    setColor(color);
  }

  public long sum() {
    return getTotal() + getCount();
  }
}
