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
 * The persistent proxy of {@link Circle}, written by the jnvm annotation processor: it implements the persistent fields of Circle over an object in a heap, with the layout {@code ref next@0;int color@8;byte flags@12;double radius@16}.
 *
 * <p><b>New objects.</b> {@code new CircleProxy(args)} runs the constructor {@code Circle(args)} on a new object of the heap given to {@code Construction.inHeap}, or else of {@code JNVM.heap()}. The object is allocated when that constructor first touches a persistent field, or when it returns.
 * The object stays invalid, so dead after a crash, until {@code validate()}, {@code Roots.put} or an atomic {@code updateX} makes it valid (the low-level interface).
 *
 * <p>If {@code Circle(args)} throws, no valid object is left, but its allocation is freed only once jnvm learns of the failure (see {@code Construction}); {@code CircleProxy.create(args)}, which constructs in a scope that sees the exception, frees it at once.
 *
 * <p><b>Resurrection.</b> The runtime attaches proxies to existing objects through {@link #PCLASS}. That runs {@code Circle()}, which must not touch persistent fields, then {@code resurrect()}, which rebuilds volatile state.
 */
@Generated("org.jnvm.processor.PersistentProcessor")
@GeneratedProxy
public final class CircleProxy extends Circle implements DirectAccess {
  /**
   * Payload bytes of an object.
   */
  public static final long SIZE = 24;

  /**
   * The fingerprint of the layout {@code ref next@0;int color@8;byte flags@12;double radius@16}.
   */
  public static final long FINGERPRINT = 0x373e1afe48e5a60aL;

  public static final long OFFSET_NEXT = 0;

  public static final long OFFSET_COLOR = 8;

  public static final long OFFSET_RADIUS = 16;

  public static final long OFFSET_FLAGS = 12;

  /**
   * Offsets of the reference fields, ascending: what recovery follows.
   */
  public static final List<Long> REF_OFFSETS = List.of(0L);

  public static final Layout LAYOUT = Layout.extending(ShapeProxy.LAYOUT)
    .field("radius", FieldKind.DOUBLE)
    .field("flags", FieldKind.BYTE)
    .build();

  public static final PClass<CircleProxy> PCLASS = PClass.of(CircleProxy.class, LAYOUT, CircleProxy::new);

  static {
    Proxies.checkLayout(CircleProxy.class, LAYOUT, FINGERPRINT);
  }

  private Handle handle;

  private long directBase;

  private Persistence directWriteBack;

  /**
   * The resurrect constructor: attaches a proxy to existing data. The runtime calls {@code resurrect()} next.
   */
  private CircleProxy(Handle handle) {
    super();
    this.handle = handle;
    handle.bind(this, CircleProxy.SIZE);
  }

  /**
   * Allocates an object and runs {@code Circle()} on it; see the class comment.
   */
  public CircleProxy() {
    this(Construction.begin(PCLASS, false));
  }

  private CircleProxy(Construction.Token token) {
    super();
    this.handle = Construction.finish(token, this, this.handle);
    this.handle.bind(this, CircleProxy.SIZE);
  }

  /**
   * Allocates an object and runs {@code Circle(double)} on it; see the class comment.
   */
  public CircleProxy(double radius) {
    this(Construction.begin(PCLASS, false), radius);
  }

  private CircleProxy(Construction.Token token, double radius) {
    super(radius);
    this.handle = Construction.finish(token, this, this.handle);
    this.handle.bind(this, CircleProxy.SIZE);
  }

  /**
   * Like {@code new CircleProxy()}, but if the constructor throws, the new object is freed at once.
   */
  public static CircleProxy create() {
    int mark = Construction.open(false);
    boolean done = false;
    try {
      CircleProxy created = new CircleProxy();
      done = true;
      return created;
    } finally {
      Construction.close(mark, false, done);
    }
  }

  /**
   * Like {@code new CircleProxy(double)}, but if the constructor throws, the new object is freed at once.
   */
  public static CircleProxy create(double radius) {
    int mark = Construction.open(false);
    boolean done = false;
    try {
      CircleProxy created = new CircleProxy(radius);
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
      h.bind(this, CircleProxy.SIZE);
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

  @Override
  public double getRadius() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getDouble(base + OFFSET_RADIUS);
    }
    return handle().getDouble(OFFSET_RADIUS);
  }

  @Override
  public void setRadius(double radius) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putDouble(base + OFFSET_RADIUS, radius);
      return;
    }
    handle().putDouble(OFFSET_RADIUS, radius);
  }

  /**
   * Writes back the cache lines of field {@code radius}, without a fence.
   */
  public void pwbRadius() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_RADIUS, 8);
      return;
    }
    handle().pwb(OFFSET_RADIUS, 8);
  }

  @Override
  public byte getFlags() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getByte(base + OFFSET_FLAGS);
    }
    return handle().getByte(OFFSET_FLAGS);
  }

  @Override
  public void setFlags(byte flags) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putByte(base + OFFSET_FLAGS, flags);
      return;
    }
    handle().putByte(OFFSET_FLAGS, flags);
  }

  /**
   * Writes back the cache lines of field {@code flags}, without a fence.
   */
  public void pwbFlags() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_FLAGS, 1);
      return;
    }
    handle().pwb(OFFSET_FLAGS, 1);
  }
}
