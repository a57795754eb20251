package org.jnvm.bench.ycsb.jnvm;

import org.jnvm.Fa;
import org.jnvm.Inline;
import org.jnvm.PObject;
import org.jnvm.Persistent;

/**
 * jnvm-fa's record: a persistent class of 10 fields, the values of YCSB's {@code field0} to
 * {@code field9}, each an {@code @Inline} byte field of up to {@value #CAPACITY} bytes, so that a
 * record is one object and an update writes in place. The layout keeps each field within one
 * 256-byte block, two to a block (1,232 bytes, the five blocks 1,040 bytes would take anyway), so
 * that an update copies one block into its redo log. Its constructor and {@link
 * #replace} are failure-atomic blocks: a crash keeps a record whole, with all of an update's new
 * values or none.
 */
@Persistent(fa = Fa.NON_PRIVATE)
public abstract class FaRecord implements PObject {
  /** How many values a record holds. */
  public static final int FIELDS = 10;

  /** The most bytes a value holds: YCSB's default {@code fieldlength}. */
  public static final int CAPACITY = 100;

  @Inline(capacity = CAPACITY)
  public abstract byte[] getValue0();

  public abstract void setValue0(byte[] v);

  @Inline(capacity = CAPACITY)
  public abstract byte[] getValue1();

  public abstract void setValue1(byte[] v);

  @Inline(capacity = CAPACITY)
  public abstract byte[] getValue2();

  public abstract void setValue2(byte[] v);

  @Inline(capacity = CAPACITY)
  public abstract byte[] getValue3();

  public abstract void setValue3(byte[] v);

  @Inline(capacity = CAPACITY)
  public abstract byte[] getValue4();

  public abstract void setValue4(byte[] v);

  @Inline(capacity = CAPACITY)
  public abstract byte[] getValue5();

  public abstract void setValue5(byte[] v);

  @Inline(capacity = CAPACITY)
  public abstract byte[] getValue6();

  public abstract void setValue6(byte[] v);

  @Inline(capacity = CAPACITY)
  public abstract byte[] getValue7();

  public abstract void setValue7(byte[] v);

  @Inline(capacity = CAPACITY)
  public abstract byte[] getValue8();

  public abstract void setValue8(byte[] v);

  @Inline(capacity = CAPACITY)
  public abstract byte[] getValue9();

  public abstract void setValue9(byte[] v);

  /** Resurrection: touches no persistent field. */
  protected FaRecord() {}

  /** A record of {@code values} (null for a field left empty). */
  protected FaRecord(byte[][] values) {
    for (int i = 0; i < values.length; i++) {
      if (values[i] != null) {
        set(i, values[i]);
      }
    }
  }

  /** A copy of field {@code index}'s value, or null if it has none. */
  public final byte[] get(int index) {
    return switch (index) {
      case 0 -> getValue0();
      case 1 -> getValue1();
      case 2 -> getValue2();
      case 3 -> getValue3();
      case 4 -> getValue4();
      case 5 -> getValue5();
      case 6 -> getValue6();
      case 7 -> getValue7();
      case 8 -> getValue8();
      case 9 -> getValue9();
      default -> throw new IndexOutOfBoundsException("a record has " + FIELDS + " fields, not field " + index);
    };
  }

  private void set(int index, byte[] v) {
    switch (index) {
      case 0 -> setValue0(v);
      case 1 -> setValue1(v);
      case 2 -> setValue2(v);
      case 3 -> setValue3(v);
      case 4 -> setValue4(v);
      case 5 -> setValue5(v);
      case 6 -> setValue6(v);
      case 7 -> setValue7(v);
      case 8 -> setValue8(v);
      case 9 -> setValue9(v);
      default -> throw new IndexOutOfBoundsException("a record has " + FIELDS + " fields, not field " + index);
    }
  }

  /** Gives field {@code indexes[i]} a copy of {@code values[i]}, for each i: one failure-atomic block. */
  public void replace(int[] indexes, byte[][] values) {
    for (int i = 0; i < indexes.length; i++) {
      set(indexes[i], values[i]);
    }
  }
}
