package org.jnvm.tests.proxy;

import org.jnvm.PObject;
import org.jnvm.Persistent;

/** 40 longs, 320 bytes: two blocks of the default 256. */
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
  public abstract long getL34();
  public abstract void setL34(long v);
  public abstract long getL35();
  public abstract void setL35(long v);
  public abstract long getL36();
  public abstract void setL36(long v);
  public abstract long getL37();
  public abstract void setL37(long v);
  public abstract long getL38();
  public abstract void setL38(long v);
  public abstract long getL39();
  public abstract void setL39(long v);

  protected Wide() {}

  /** Field i through its accessor, so that tests can loop over the fields. */
  public long get(int i) {
    return switch (i) {
      case 0 -> getL0();
      case 1 -> getL1();
      case 2 -> getL2();
      case 3 -> getL3();
      case 4 -> getL4();
      case 5 -> getL5();
      case 6 -> getL6();
      case 7 -> getL7();
      case 8 -> getL8();
      case 9 -> getL9();
      case 10 -> getL10();
      case 11 -> getL11();
      case 12 -> getL12();
      case 13 -> getL13();
      case 14 -> getL14();
      case 15 -> getL15();
      case 16 -> getL16();
      case 17 -> getL17();
      case 18 -> getL18();
      case 19 -> getL19();
      case 20 -> getL20();
      case 21 -> getL21();
      case 22 -> getL22();
      case 23 -> getL23();
      case 24 -> getL24();
      case 25 -> getL25();
      case 26 -> getL26();
      case 27 -> getL27();
      case 28 -> getL28();
      case 29 -> getL29();
      case 30 -> getL30();
      case 31 -> getL31();
      case 32 -> getL32();
      case 33 -> getL33();
      case 34 -> getL34();
      case 35 -> getL35();
      case 36 -> getL36();
      case 37 -> getL37();
      case 38 -> getL38();
      case 39 -> getL39();
      default -> throw new IndexOutOfBoundsException(i);
    };
  }

  public void set(int i, long v) {
    switch (i) {
      case 0 -> setL0(v);
      case 1 -> setL1(v);
      case 2 -> setL2(v);
      case 3 -> setL3(v);
      case 4 -> setL4(v);
      case 5 -> setL5(v);
      case 6 -> setL6(v);
      case 7 -> setL7(v);
      case 8 -> setL8(v);
      case 9 -> setL9(v);
      case 10 -> setL10(v);
      case 11 -> setL11(v);
      case 12 -> setL12(v);
      case 13 -> setL13(v);
      case 14 -> setL14(v);
      case 15 -> setL15(v);
      case 16 -> setL16(v);
      case 17 -> setL17(v);
      case 18 -> setL18(v);
      case 19 -> setL19(v);
      case 20 -> setL20(v);
      case 21 -> setL21(v);
      case 22 -> setL22(v);
      case 23 -> setL23(v);
      case 24 -> setL24(v);
      case 25 -> setL25(v);
      case 26 -> setL26(v);
      case 27 -> setL27(v);
      case 28 -> setL28(v);
      case 29 -> setL29(v);
      case 30 -> setL30(v);
      case 31 -> setL31(v);
      case 32 -> setL32(v);
      case 33 -> setL33(v);
      case 34 -> setL34(v);
      case 35 -> setL35(v);
      case 36 -> setL36(v);
      case 37 -> setL37(v);
      case 38 -> setL38(v);
      case 39 -> setL39(v);
      default -> throw new IndexOutOfBoundsException(i);
    }
  }
}
