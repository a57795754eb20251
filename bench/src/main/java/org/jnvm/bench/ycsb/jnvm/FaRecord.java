package org.jnvm.bench.ycsb.jnvm;

import org.jnvm.Fa;
import org.jnvm.PObject;
import org.jnvm.Persistent;
import org.jnvm.heap.Heap;
import org.jnvm.pdt.PBytes;

/**
 * jnvm-fa's record: a persistent class of 10 fields, the values of YCSB's {@code field0} to
 * {@code field9}, each a {@code PBytes}. Its constructor and {@link #replace} are failure-atomic
 * blocks: a crash keeps a record whole, with all of an update's new values or none.
 */
@Persistent(fa = Fa.NON_PRIVATE)
public abstract class FaRecord implements PObject {
  /** How many values a record holds. */
  public static final int FIELDS = 10;

  public abstract PBytes getValue0();

  public abstract void setValue0(PBytes v);

  public abstract PBytes getValue1();

  public abstract void setValue1(PBytes v);

  public abstract PBytes getValue2();

  public abstract void setValue2(PBytes v);

  public abstract PBytes getValue3();

  public abstract void setValue3(PBytes v);

  public abstract PBytes getValue4();

  public abstract void setValue4(PBytes v);

  public abstract PBytes getValue5();

  public abstract void setValue5(PBytes v);

  public abstract PBytes getValue6();

  public abstract void setValue6(PBytes v);

  public abstract PBytes getValue7();

  public abstract void setValue7(PBytes v);

  public abstract PBytes getValue8();

  public abstract void setValue8(PBytes v);

  public abstract PBytes getValue9();

  public abstract void setValue9(PBytes v);

  /** Resurrection: touches no persistent field. */
  protected FaRecord() {}

  /** A record of {@code values} (null for a field left empty), allocated in {@code heap}. */
  protected FaRecord(Heap heap, byte[][] values) {
    for (int i = 0; i < values.length; i++) {
      if (values[i] != null) {
        set(i, PBytes.of(heap, values[i]));
      }
    }
  }

  /** Field {@code index}'s value, or null if it has none. */
  public final PBytes get(int index) {
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

  private void set(int index, PBytes v) {
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

  /**
   * Gives field {@code indexes[i]} a copy of {@code values[i]}, for each i, and frees the values
   * replaced: one failure-atomic block, whose frees wait for its commit.
   */
  public void replace(int[] indexes, byte[][] values) {
    Heap heap = handle().heap();
    for (int i = 0; i < indexes.length; i++) {
      PBytes old = get(indexes[i]);
      set(indexes[i], PBytes.of(heap, values[i]));
      if (old != null) {
        heap.free(old);
      }
    }
  }

  /** Frees the record's values and then the record, in one failure-atomic block. */
  public void freeWithValues() {
    Heap heap = handle().heap();
    for (int i = 0; i < FIELDS; i++) {
      PBytes value = get(i);
      if (value != null) {
        heap.free(value);
      }
    }
    heap.free(this);
  }
}
