package org.jnvm.bench.table3;

import org.jnvm.PObject;
import org.jnvm.Persistent;

/**
 * {@link Block256}'s 32 words as a {@code @Persistent} class: what an application writes, read and
 * written through the accessors the processor generates ({@code Block256FieldsProxy}), which use
 * the master block's address directly while no failure-atomic block runs. 32 longs fill exactly
 * one 256-byte block.
 */
@Persistent
public abstract class Block256Fields implements PObject {
  protected Block256Fields() {}

  public abstract long getW0();

  public abstract void setW0(long v);

  public abstract long getW1();

  public abstract void setW1(long v);

  public abstract long getW2();

  public abstract void setW2(long v);

  public abstract long getW3();

  public abstract void setW3(long v);

  public abstract long getW4();

  public abstract void setW4(long v);

  public abstract long getW5();

  public abstract void setW5(long v);

  public abstract long getW6();

  public abstract void setW6(long v);

  public abstract long getW7();

  public abstract void setW7(long v);

  public abstract long getW8();

  public abstract void setW8(long v);

  public abstract long getW9();

  public abstract void setW9(long v);

  public abstract long getW10();

  public abstract void setW10(long v);

  public abstract long getW11();

  public abstract void setW11(long v);

  public abstract long getW12();

  public abstract void setW12(long v);

  public abstract long getW13();

  public abstract void setW13(long v);

  public abstract long getW14();

  public abstract void setW14(long v);

  public abstract long getW15();

  public abstract void setW15(long v);

  public abstract long getW16();

  public abstract void setW16(long v);

  public abstract long getW17();

  public abstract void setW17(long v);

  public abstract long getW18();

  public abstract void setW18(long v);

  public abstract long getW19();

  public abstract void setW19(long v);

  public abstract long getW20();

  public abstract void setW20(long v);

  public abstract long getW21();

  public abstract void setW21(long v);

  public abstract long getW22();

  public abstract void setW22(long v);

  public abstract long getW23();

  public abstract void setW23(long v);

  public abstract long getW24();

  public abstract void setW24(long v);

  public abstract long getW25();

  public abstract void setW25(long v);

  public abstract long getW26();

  public abstract void setW26(long v);

  public abstract long getW27();

  public abstract void setW27(long v);

  public abstract long getW28();

  public abstract void setW28(long v);

  public abstract long getW29();

  public abstract void setW29(long v);

  public abstract long getW30();

  public abstract void setW30(long v);

  public abstract long getW31();

  public abstract void setW31(long v);

  /** Writes back one cache line of the block: the one holding word {@code 8 * line}. */
  public abstract void pwbW0();

  public abstract void pwbW8();

  public abstract void pwbW16();

  public abstract void pwbW24();

  /** The sum of the 32 words, read one accessor call each. */
  final long sum() {
    return getW0()
        + getW1()
        + getW2()
        + getW3()
        + getW4()
        + getW5()
        + getW6()
        + getW7()
        + getW8()
        + getW9()
        + getW10()
        + getW11()
        + getW12()
        + getW13()
        + getW14()
        + getW15()
        + getW16()
        + getW17()
        + getW18()
        + getW19()
        + getW20()
        + getW21()
        + getW22()
        + getW23()
        + getW24()
        + getW25()
        + getW26()
        + getW27()
        + getW28()
        + getW29()
        + getW30()
        + getW31();
  }

  /** Stores {@code first}, {@code first + 1}, ... in the 32 words, one accessor call each. */
  final void fill(long first) {
    setW0(first + 0);
    setW1(first + 1);
    setW2(first + 2);
    setW3(first + 3);
    setW4(first + 4);
    setW5(first + 5);
    setW6(first + 6);
    setW7(first + 7);
    setW8(first + 8);
    setW9(first + 9);
    setW10(first + 10);
    setW11(first + 11);
    setW12(first + 12);
    setW13(first + 13);
    setW14(first + 14);
    setW15(first + 15);
    setW16(first + 16);
    setW17(first + 17);
    setW18(first + 18);
    setW19(first + 19);
    setW20(first + 20);
    setW21(first + 21);
    setW22(first + 22);
    setW23(first + 23);
    setW24(first + 24);
    setW25(first + 25);
    setW26(first + 26);
    setW27(first + 27);
    setW28(first + 28);
    setW29(first + 29);
    setW30(first + 30);
    setW31(first + 31);
  }

  /** Writes back the block's four lines. */
  final void pwbLines() {
    pwbW0();
    pwbW8();
    pwbW16();
    pwbW24();
  }
}
