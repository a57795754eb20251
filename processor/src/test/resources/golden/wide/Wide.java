package golden;

import org.jnvm.PObject;
import org.jnvm.Persistent;

/** 34 longs and a reference: 280 bytes, two blocks of the default 256. */
@Persistent
public abstract class Wide implements PObject {
  public abstract long getL0();
  public abstract void setL0(long v);
  public abstract long getL1();
  public abstract void setL1(long v);
  public abstract long getL2();
  public abstract void setL2(long v);
  public abstract long getL3();
  public abstract void setL3(long v);
  public abstract long getL4();
  public abstract void setL4(long v);
  public abstract long getL5();
  public abstract void setL5(long v);
  public abstract long getL6();
  public abstract void setL6(long v);
  public abstract long getL7();
  public abstract void setL7(long v);
  public abstract long getL8();
  public abstract void setL8(long v);
  public abstract long getL9();
  public abstract void setL9(long v);
  public abstract long getL10();
  public abstract void setL10(long v);
  public abstract long getL11();
  public abstract void setL11(long v);
  public abstract long getL12();
  public abstract void setL12(long v);
  public abstract long getL13();
  public abstract void setL13(long v);
  public abstract long getL14();
  public abstract void setL14(long v);
  public abstract long getL15();
  public abstract void setL15(long v);
  public abstract long getL16();
  public abstract void setL16(long v);
  public abstract long getL17();
  public abstract void setL17(long v);
  public abstract long getL18();
  public abstract void setL18(long v);
  public abstract long getL19();
  public abstract void setL19(long v);
  public abstract long getL20();
  public abstract void setL20(long v);
  public abstract long getL21();
  public abstract void setL21(long v);
  public abstract long getL22();
  public abstract void setL22(long v);
  public abstract long getL23();
  public abstract void setL23(long v);
  public abstract long getL24();
  public abstract void setL24(long v);
  public abstract long getL25();
  public abstract void setL25(long v);
  public abstract long getL26();
  public abstract void setL26(long v);
  public abstract long getL27();
  public abstract void setL27(long v);
  public abstract long getL28();
  public abstract void setL28(long v);
  public abstract long getL29();
  public abstract void setL29(long v);
  public abstract long getL30();
  public abstract void setL30(long v);
  public abstract long getL31();
  public abstract void setL31(long v);
  public abstract long getL32();
  public abstract void setL32(long v);
  public abstract long getL33();
  public abstract void setL33(long v);
  public abstract Wide getLast();
  public abstract void setLast(Wide v);

  protected Wide() {}
}
