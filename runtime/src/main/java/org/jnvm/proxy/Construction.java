package org.jnvm.proxy;

import java.lang.ref.WeakReference;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Supplier;
import org.jnvm.JNVM;
import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.PClass;

/**
 * How {@code new XProxy(args)} gets its persistent object before the constructor of {@code X}
 * runs its setters.
 *
 * <p>Java runs {@code X(args)} before any statement of {@code XProxy}'s constructor, so the proxy
 * cannot store its handle first. Instead its public constructor delegates, {@code this(begin(PCLASS),
 * args)}: the argument expression runs before {@code super(args)} and records a pending
 * construction on the calling thread. The first persistent access of the proxy during {@code X(args)}
 * finds its handle null and {@linkplain #adopt adopts} the innermost pending construction of its
 * class, which allocates the object then; {@link #finish} ends the construction after {@code
 * X(args)} returns, allocating the object if {@code X(args)} never touched a field.
 *
 * <p>A constructor cannot catch what {@code X(args)} throws, so {@code new} cannot open a
 * failure-atomic block that an exception would abort. The construction of a failure-atomic class
 * therefore runs only inside a block: in a failure-atomic method, in {@code FailureAtomic.run}, or
 * in the one its generated {@code XProxy.create(args)} opens with {@link #open} and closes with
 * {@link #close}, which sees the exception. Outside a block {@link #begin} refuses it.
 *
 * <p>Allocation is lazy: a constructor that throws before its first persistent access
 * allocates nothing. One that throws later leaves an object that is invalid (or, if the exception
 * is caught inside a block that then commits, valid but unreachable), so never alive; it is freed
 * as soon as jnvm learns of the failure, that is when an enclosing construction
 * finishes, when the {@code XProxy.create(args)} that ran it returns, or, for a {@code new} at top
 * level, when the garbage collector has reclaimed the failed construction's token and the thread
 * next constructs; at the latest, recovery reclaims it when the heap is next opened.
 *
 * <p>The pending list holds each construction weakly, through its {@link Token}: the proxy's
 * private constructor keeps the token as a parameter until {@code finish}, so a construction in
 * progress stays listed and an abandoned one disappears without anyone having to notice it.
 *
 * <p>Everything public here except {@link #inHeap} and {@link #pending} is for generated code.
 */
public final class Construction {
  private static final ThreadLocal<Construction> CURRENT = ThreadLocal.withInitial(Construction::new);

  private Pending[] stack = new Pending[8];
  private int size;
  private Heap target;

  private Construction() {}

  /** Carries a construction from a proxy's public constructor to its private one. */
  public static final class Token {
    private Pending pending;

    private Token() {}
  }

  private static final class Pending extends WeakReference<Token> {
    final PClass<?> type;
    final Heap heap;
    Handle handle;
    PObject owner;

    Pending(Token token, PClass<?> type, Heap heap) {
      super(token);
      this.type = type;
      this.heap = heap;
    }

    Handle allocateFor(PObject proxy) {
      handle = heap.allocate(type);
      owner = proxy;
      return handle;
    }
  }

  /** Only the handle: frees a failed construction's object even if its proxy's field says otherwise. */
  private static final class Orphan implements PObject {
    private final Handle handle;

    Orphan(Handle handle) {
      this.handle = handle;
    }

    @Override
    public Handle handle() {
      return handle;
    }
  }

  /**
   * Runs {@code body} with {@code heap} as the heap in which {@code new XProxy(...)} and {@code
   * XProxy.create(...)} allocate; otherwise they use {@link JNVM#heap()}.
   */
  public static <T> T inHeap(Heap heap, Supplier<T> body) {
    Construction c = CURRENT.get();
    Heap before = c.target;
    c.target = Objects.requireNonNull(heap, "heap");
    try {
      return body.get();
    } finally {
      c.target = before;
    }
  }

  /**
   * Constructions listed on the calling thread: those in progress, and failed ones not yet
   * forgotten. For tests and diagnostics.
   */
  public static int pending() {
    return CURRENT.get().size;
  }

  // ------------------------------------------------------------ for generated code

  /**
   * Starts a construction of {@code type}; the argument of a proxy's delegating constructor. The
   * construction of a failure-atomic class ({@code fa}) must run inside a failure-atomic block: the
   * enclosing one, or the one its {@code create} opens.
   */
  public static Token begin(PClass<?> type, boolean fa) {
    if (fa && !FailureAtomic.inBlock()) {
      throw Errors.faOutsideBlock(type.type());
    }
    Construction c = CURRENT.get();
    Heap heap = c.target != null ? c.target : JNVM.heap();
    c.forgetAbandoned();
    Token token = new Token();
    token.pending = new Pending(token, type, heap);
    c.push(token.pending);
    return token;
  }

  /**
   * The handle of a proxy under construction, on its first persistent access: the object of the
   * innermost pending construction of its class, allocated now.
   */
  public static Handle adopt(PObject proxy) {
    Construction c = CURRENT.get();
    Class<?> type = proxy.getClass();
    for (int i = c.size - 1; i >= 0; i--) {
      Pending p = c.stack[i];
      if (p.owner == null && p.type.type() == type && p.get() != null) {
        return p.allocateFor(proxy);
      }
    }
    throw Errors.proxyWithoutObject(type);
  }

  /**
   * Ends the construction of {@code proxy} after its superclass constructor returned, and returns
   * its handle. Constructions started since, which are all over, are forgotten and the objects of
   * those that failed are freed. The new object is left as allocated: invalid, or, inside a
   * failure-atomic block, to be validated when the block commits.
   *
   * @param adopted the proxy's handle field: null if the constructor never touched a field
   */
  public static Handle finish(Token token, PObject proxy, Handle adopted) {
    Construction c = CURRENT.get();
    Pending own = token.pending;
    int at = c.indexOf(own);
    if (at < 0) {
      throw Errors.lostConstruction(proxy.getClass());
    }
    c.discard(at + 1, proxy);
    c.stack[at] = null;
    c.size = at;
    Handle handle;
    if (own.owner == null) {
      // The proxy may have adopted a failed construction listed above its own: same class, its own object.
      handle = adopted != null ? adopted : own.allocateFor(proxy);
    } else if (own.owner == proxy) {
      handle = own.handle;
    } else {
      throw Errors.misadopted(proxy.getClass());
    }
    return handle;
  }

  /**
   * Opens the scope of a generated {@code XProxy.create}: with {@code fa}, a failure-atomic block.
   * Returns the mark to give {@link #close}.
   */
  public static int open(boolean fa) {
    int mark = CURRENT.get().size;
    if (fa) {
      FailureAtomic.start();
    }
    return mark;
  }

  /**
   * Closes the scope opened by {@link #open}. If the construction threw ({@code done} false), the
   * objects of every construction started in the scope are freed; with {@code fa} that happens
   * inside the block, which then aborts, undoing the rest of what the constructors did.
   */
  public static void close(int mark, boolean fa, boolean done) {
    try {
      if (!done) {
        Construction c = CURRENT.get();
        c.discard(Math.min(mark, c.size), null);
      }
    } finally {
      if (fa) {
        if (done) {
          FailureAtomic.end();
        } else {
          FailureAtomic.abort();
        }
      }
    }
  }

  // ------------------------------------------------------------ internals

  private void push(Pending p) {
    if (size == stack.length) {
      stack = Arrays.copyOf(stack, size * 2);
    }
    stack[size++] = p;
  }

  private int indexOf(Pending p) {
    for (int i = size - 1; i >= 0; i--) {
      if (stack[i] == p) {
        return i;
      }
    }
    return -1;
  }

  /** Forgets the constructions from {@code from} up, freeing the objects of those not owned by {@code keep}. */
  private void discard(int from, PObject keep) {
    for (int i = size - 1; i >= from; i--) {
      Pending p = stack[i];
      stack[i] = null;
      if (p.owner != keep) {
        freeQuietly(p);
      }
    }
    size = from;
  }

  /** Drops the failed constructions whose tokens the garbage collector has reclaimed. */
  private void forgetAbandoned() {
    int kept = 0;
    for (int i = 0; i < size; i++) {
      Pending p = stack[i];
      if (p.get() != null) {
        stack[kept++] = p;
      } else {
        freeQuietly(p);
      }
    }
    Arrays.fill(stack, kept, size, null);
    size = kept;
  }

  /**
   * Frees the object of a failed construction, if it got one. A failure to free is not reported:
   * it would hide the constructor's own exception, and the object, never valid, is reclaimed by
   * recovery when the heap is next opened anyway.
   */
  private static void freeQuietly(Pending p) {
    if (p.handle == null || p.heap.isClosed() || p.handle.isFreed()) {
      return;
    }
    try {
      p.heap.free(new Orphan(p.handle));
    } catch (RuntimeException e) {
      // see above: recovery reclaims it
    }
  }
}
