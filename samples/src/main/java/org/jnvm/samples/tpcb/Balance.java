package org.jnvm.samples.tpcb;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/** A branch, teller or account of the bank: a number and a balance. */
public final class Balance implements PObject {
  public static final Layout LAYOUT = Layout.builder().field("number", FieldKind.LONG).field("balance", FieldKind.LONG).build();
  public static final PClass<Balance> PCLASS = PClass.of(Balance.class, LAYOUT, Balance::new);
  private static final long NUMBER = LAYOUT.field("number").orElseThrow().offset();
  private static final long BALANCE = LAYOUT.field("balance").orElseThrow().offset();

  private final Handle handle;

  private Balance(Handle handle) {
    this.handle = handle;
  }

  /** A new, invalid balance of zero. */
  public Balance(Heap heap, long number) {
    this.handle = heap.allocate(PCLASS);
    handle.putLong(NUMBER, number);
  }

  @Override
  public Handle handle() {
    return handle;
  }

  public long number() {
    return handle.getLong(NUMBER);
  }

  public long balance() {
    return handle.getLong(BALANCE);
  }

  public void add(long delta) {
    handle.putLong(BALANCE, balance() + delta);
  }
}
