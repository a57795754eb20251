package org.jnvm.tests.proxy;

import org.jnvm.PObject;
import org.jnvm.Persistent;

/** Every primitive type and an enum; a volatile counter that resurrection rebuilds. */
@Persistent
public abstract class Point implements PObject {
  public enum Color { RED, GREEN, BLUE }

  public abstract boolean isOn();
  public abstract void setOn(boolean v);
  public abstract byte getB();
  public abstract void setB(byte v);
  public abstract char getC();
  public abstract void setC(char v);
  public abstract short getS();
  public abstract void setS(short v);
  public abstract int getI();
  public abstract void setI(int v);
  public abstract float getF();
  public abstract void setF(float v);
  public abstract long getL();
  public abstract void setL(long v);
  public abstract double getD();
  public abstract void setD(double v);
  public abstract Color getColor();
  public abstract void setColor(Color v);

  /** Volatile: 0 in a new proxy, rebuilt from the persistent state by resurrect(). */
  long checksum;

  protected Point() {}

  protected Point(long l, Color color) {
    setL(l);
    setColor(color);
    checksum = l;
  }

  @Override
  public void resurrect() {
    checksum = getL();
  }
}
