package golden;

import java.util.List;
import javax.annotation.processing.Generated;
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
 * The persistent proxy of {@link Shape}, written by the jnvm annotation processor: it implements the persistent fields of Shape over an object in a heap, with the layout {@code ref next@0;int color@8}.
 *
 * <p><b>New objects.</b> {@code new ShapeProxy(args)} runs the constructor {@code Shape(args)} on a new object of the heap given to {@code Construction.inHeap}, or else of {@code JNVM.heap()}. The object is allocated when that constructor first touches a persistent field, or when it returns.
 * The object stays invalid, so dead after a crash, until {@code validate()}, {@code Roots.put} or an atomic {@code updateX} makes it valid (the low-level interface).
 *
 * <p>If {@code Shape(args)} throws, no valid object is left, but its allocation is freed only once jnvm learns of the failure (see {@code Construction}); {@code ShapeProxy.create(args)}, which constructs in a scope that sees the exception, frees it at once.
 *
 * <p><b>Resurrection.</b> The runtime attaches proxies to existing objects through {@link #PCLASS}. That runs {@code Shape()}, which must not touch persistent fields, then {@code resurrect()}, which rebuilds volatile state.
 */
@Generated("org.jnvm.processor.PersistentProcessor")
@GeneratedProxy
public final class ShapeProxy extends Shape implements DirectAccess {
  /**
   * Payload bytes of an object.
   */
  public static final long SIZE = 16;

  /**
   * The fingerprint of the layout {@code ref next@0;int color@8}.
   */
  public static final long FINGERPRINT = 0xe2a5cbe98c9c9872L;

  public static final long OFFSET_NEXT = 0;

  public static final long OFFSET_COLOR = 8;

  /**
   * Offsets of the reference fields, ascending: what recovery follows.
   */
  public static final List<Long> REF_OFFSETS = List.of(0L);

  public static final Layout LAYOUT = Layout.builder()
    .field("next", FieldKind.REF)
    .field("color", FieldKind.INT)
    .build();

  public static final PClass<ShapeProxy> PCLASS = PClass.of(ShapeProxy.class, LAYOUT, ShapeProxy::new);

  static {
    Proxies.checkLayout(ShapeProxy.class, LAYOUT, FINGERPRINT);
  }

  private Handle handle;

  private long directBase;

  private Persistence directWriteBack;

  /**
   * The resurrect constructor: attaches a proxy to existing data. The runtime calls {@code resurrect()} next.
   */
  private ShapeProxy(Handle handle) {
    super();
    this.handle = handle;
    handle.bind(this, ShapeProxy.SIZE);
  }

  /**
   * Allocates an object and runs {@code Shape()} on it; see the class comment.
   */
  public ShapeProxy() {
    this(Construction.begin(PCLASS, false));
  }

  private ShapeProxy(Construction.Token token) {
    super();
    this.handle = Construction.finish(token, this, this.handle);
    this.handle.bind(this, ShapeProxy.SIZE);
  }

  /**
   * Like {@code new ShapeProxy()}, but if the constructor throws, the new object is freed at once.
   */
  public static ShapeProxy create() {
    int mark = Construction.open(false);
    boolean done = false;
    try {
      ShapeProxy created = new ShapeProxy();
      done = true;
      return created;
    } finally {
      Construction.close(mark, false, done);
    }
  }

  @Override
  public Handle handle() {
    Handle h = handle;
    if (h == null) {
      h = Construction.adopt(this);
      handle = h;
      h.bind(this, ShapeProxy.SIZE);
    }
    return h;
  }

  @Override
  public void directAccess(long base, Persistence persistence) {
    directWriteBack = persistence;
    directBase = base;
  }

  @Override
  public Shape getNext() {
    return handle().getRef(OFFSET_NEXT, Shape.class);
  }

  @Override
  public void setNext(Shape next) {
    handle().putRef(OFFSET_NEXT, next);
  }

  /**
   * Writes back the cache lines of field {@code next}, without a fence.
   */
  public void pwbNext() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_NEXT, 8);
      return;
    }
    handle().pwb(OFFSET_NEXT, 8);
  }

  /**
   * Stores {@code v} in field {@code next} atomically: validates {@code v}, fences, then stores and writes back.
   */
  public void updateNext(Shape v) {
    handle().updateRef(OFFSET_NEXT, v);
  }

  /**
   * Like {@code updateNext}, then frees the object that field {@code next} referred to before.
   */
  public void updateAndFreeNext(Shape v) {
    handle().updateRefAndFree(OFFSET_NEXT, v);
  }

  @Override
  public int getColor() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getInt(base + OFFSET_COLOR);
    }
    return handle().getInt(OFFSET_COLOR);
  }

  @Override
  public void setColor(int color) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putInt(base + OFFSET_COLOR, color);
      return;
    }
    handle().putInt(OFFSET_COLOR, color);
  }

  /**
   * Writes back the cache lines of field {@code color}, without a fence.
   */
  public void pwbColor() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_COLOR, 4);
      return;
    }
    handle().pwb(OFFSET_COLOR, 4);
  }
}
