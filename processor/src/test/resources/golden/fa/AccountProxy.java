package golden;

import java.io.IOException;
import java.util.List;
import javax.annotation.processing.Generated;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.DirectAccess;
import org.jnvm.heap.Handle;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.jnvm.memory.Memory;
import org.jnvm.persist.Persistence;
import org.jnvm.proxy.Construction;
import org.jnvm.proxy.GeneratedProxy;
import org.jnvm.proxy.Proxies;

/**
 * The persistent proxy of {@link Account}, written by the jnvm annotation processor: it implements the persistent fields of Account over an object in a heap, with the layout {@code long balance@0;ref peer@8}.
 *
 * <p><b>New objects.</b> {@code new AccountProxy(args)} runs the constructor {@code Account(args)} on a new object of the heap given to {@code Construction.inHeap}, or else of {@code JNVM.heap()}. The object is allocated when that constructor first touches a persistent field, or when it returns.
 * Account is failure-atomic, so its constructors run inside a failure-atomic block, which validates the new object when it commits and aborts everything the constructor did if it throws. Java lets no constructor catch what its superclass constructor throws, so {@code new} cannot open that block itself: it must be called inside a block (a failure-atomic method, {@code FailureAtomic.run}), and throws otherwise. {@code AccountProxy.create(args)} opens the block and can be called anywhere.
 *
 * <p>If {@code Account(args)} throws, no valid object is left, but its allocation is freed only once jnvm learns of the failure (see {@code Construction}); {@code AccountProxy.create(args)}, which constructs in a scope that sees the exception, frees it at once.
 *
 * <p><b>Resurrection.</b> The runtime attaches proxies to existing objects through {@link #PCLASS}. That runs {@code Account()}, which must not touch persistent fields, then {@code resurrect()}, which rebuilds volatile state.
 */
@Generated("org.jnvm.processor.PersistentProcessor")
@GeneratedProxy
public final class AccountProxy extends Account implements DirectAccess {
  /**
   * Payload bytes of an object.
   */
  public static final long SIZE = 16;

  /**
   * The fingerprint of the layout {@code long balance@0;ref peer@8}.
   */
  public static final long FINGERPRINT = 0x3ca6d984885a32abL;

  public static final long OFFSET_BALANCE = 0;

  public static final long OFFSET_PEER = 8;

  /**
   * Offsets of the reference fields, ascending: what recovery follows.
   */
  public static final List<Long> REF_OFFSETS = List.of(8L);

  public static final Layout LAYOUT = Layout.builder()
    .field("balance", FieldKind.LONG)
    .field("peer", FieldKind.REF)
    .build();

  public static final PClass<AccountProxy> PCLASS = PClass.of(AccountProxy.class, LAYOUT, AccountProxy::new);

  static {
    Proxies.checkLayout(AccountProxy.class, LAYOUT, FINGERPRINT);
  }

  private Handle handle;

  private long directBase;

  private Persistence directWriteBack;

  /**
   * The resurrect constructor: attaches a proxy to existing data. The runtime calls {@code resurrect()} next.
   */
  private AccountProxy(Handle handle) {
    super();
    this.handle = handle;
    handle.bind(this, AccountProxy.SIZE);
  }

  /**
   * Allocates an object and runs {@code Account()} on it; see the class comment.
   */
  public AccountProxy() {
    this(Construction.begin(PCLASS, true));
  }

  private AccountProxy(Construction.Token token) {
    super();
    this.handle = Construction.finish(token, this, this.handle);
    this.handle.bind(this, AccountProxy.SIZE);
  }

  /**
   * Allocates an object and runs {@code Account(long)} on it; see the class comment.
   */
  public AccountProxy(long balance) {
    this(Construction.begin(PCLASS, true), balance);
  }

  private AccountProxy(Construction.Token token, long balance) {
    super(balance);
    this.handle = Construction.finish(token, this, this.handle);
    this.handle.bind(this, AccountProxy.SIZE);
  }

  /**
   * Allocates an object and runs {@code Account(long[])} on it; see the class comment.
   */
  AccountProxy(long... deposits) throws IOException {
    this(Construction.begin(PCLASS, true), deposits);
  }

  private AccountProxy(Construction.Token token, long... deposits) throws IOException {
    super(deposits);
    this.handle = Construction.finish(token, this, this.handle);
    this.handle.bind(this, AccountProxy.SIZE);
  }

  /**
   * Like {@code new AccountProxy()}, but if the constructor throws, the new object is freed at once, and everything the constructor did is undone: it runs as one failure-atomic block.
   */
  public static AccountProxy create() {
    int mark = Construction.open(true);
    boolean done = false;
    try {
      AccountProxy created = new AccountProxy();
      done = true;
      return created;
    } finally {
      Construction.close(mark, true, done);
    }
  }

  /**
   * Like {@code new AccountProxy(long)}, but if the constructor throws, the new object is freed at once, and everything the constructor did is undone: it runs as one failure-atomic block.
   */
  public static AccountProxy create(long balance) {
    int mark = Construction.open(true);
    boolean done = false;
    try {
      AccountProxy created = new AccountProxy(balance);
      done = true;
      return created;
    } finally {
      Construction.close(mark, true, done);
    }
  }

  /**
   * Like {@code new AccountProxy(long[])}, but if the constructor throws, the new object is freed at once, and everything the constructor did is undone: it runs as one failure-atomic block.
   */
  static AccountProxy create(long... deposits) throws IOException {
    int mark = Construction.open(true);
    boolean done = false;
    try {
      AccountProxy created = new AccountProxy(deposits);
      done = true;
      return created;
    } finally {
      Construction.close(mark, true, done);
    }
  }

  @Override
  public Handle handle() {
    Handle h = handle;
    if (h == null) {
      h = Construction.adopt(this);
      handle = h;
      h.bind(this, AccountProxy.SIZE);
    }
    return h;
  }

  @Override
  public void directAccess(long base, Persistence persistence) {
    directWriteBack = persistence;
    directBase = base;
  }

  @Override
  public long getBalance() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_BALANCE);
    }
    return handle().getLong(OFFSET_BALANCE);
  }

  @Override
  public void setBalance(long balance) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_BALANCE, balance);
      return;
    }
    handle().putLong(OFFSET_BALANCE, balance);
  }

  /**
   * Writes back the cache lines of field {@code balance}, without a fence.
   */
  public void pwbBalance() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_BALANCE, 8);
      return;
    }
    handle().pwb(OFFSET_BALANCE, 8);
  }

  @Override
  public Account getPeer() {
    return handle().getRef(OFFSET_PEER, Account.class);
  }

  @Override
  public void setPeer(Account peer) {
    handle().putRef(OFFSET_PEER, peer);
  }

  /**
   * Writes back the cache lines of field {@code peer}, without a fence.
   */
  public void pwbPeer() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_PEER, 8);
      return;
    }
    handle().pwb(OFFSET_PEER, 8);
  }

  /**
   * Stores {@code v} in field {@code peer} atomically: validates {@code v}, fences, then stores and writes back.
   */
  public void updatePeer(Account v) {
    handle().updateRef(OFFSET_PEER, v);
  }

  /**
   * Like {@code updatePeer}, then frees the object that field {@code peer} referred to before.
   */
  public void updateAndFreePeer(Account v) {
    handle().updateRefAndFree(OFFSET_PEER, v);
  }

  @Override
  public void transferTo(Account to, long amount) {
    FailureAtomic.start();
    boolean done = false;
    try {
      super.transferTo(to, amount);
      done = true;
    } finally {
      if (done) {
        FailureAtomic.end();
      } else {
        FailureAtomic.abort();
      }
    }
  }

  @Override
  protected long withdraw(long amount) throws IOException {
    FailureAtomic.start();
    boolean done = false;
    try {
      long result = super.withdraw(amount);
      done = true;
      return result;
    } finally {
      if (done) {
        FailureAtomic.end();
      } else {
        FailureAtomic.abort();
      }
    }
  }

  @Override
  <T extends Comparable<T>> T larger(T a, T b) {
    FailureAtomic.start();
    boolean done = false;
    try {
      T result = super.larger(a, b);
      done = true;
      return result;
    } finally {
      if (done) {
        FailureAtomic.end();
      } else {
        FailureAtomic.abort();
      }
    }
  }
}
