package org.jnvm.pdt;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;

/** A mutable user-defined value, written the way the processor will generate proxies. */
public final class Account implements PObject {
  private static final Layout LAYOUT = Layout.builder().field("balance", FieldKind.LONG).field("owner", FieldKind.REF).build();
  public static final PClass<Account> PCLASS = PClass.of(Account.class, LAYOUT, Account::new);
  private static final long BALANCE = LAYOUT.field("balance").orElseThrow().offset();
  private static final long OWNER = LAYOUT.field("owner").orElseThrow().offset();

  private final Handle handle;

  private Account(Handle handle) {
    this.handle = handle;
  }

  Account(Heap heap, PString owner, long balance) {
    this.handle = heap.allocate(PCLASS);
    Publication.prepare(heap, owner);
    handle.putRef(OWNER, owner);
    handle.putLong(BALANCE, balance);
    pwb();
  }

  @Override
  public Handle handle() {
    return handle;
  }

  long balance() {
    return handle.getLong(BALANCE);
  }

  void setBalance(long balance) {
    handle.putLong(BALANCE, balance);
    handle.pwb(BALANCE, Long.BYTES);
  }

  PString owner() {
    return handle.getRef(OWNER, PString.class);
  }
}
