package golden;

import java.util.List;
import javax.annotation.processing.Generated;
import org.jnvm.PObject;
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
 * The persistent proxy of {@link Link}, written by the jnvm annotation processor: it implements the persistent fields of Link over an object in a heap, with the layout {@code ref next@0;ref target@8;ref box@16;int weight@24}.
 *
 * <p><b>New objects.</b> {@code new LinkProxy(args)} runs the constructor {@code Link(args)} on a new object of the heap given to {@code Construction.inHeap}, or else of {@code JNVM.heap()}. The object is allocated when that constructor first touches a persistent field, or when it returns.
 * The object stays invalid, so dead after a crash, until {@code validate()}, {@code Roots.put} or an atomic {@code updateX} makes it valid (the low-level interface).
 *
 * <p>If {@code Link(args)} throws, no valid object is left, but its allocation is freed only once jnvm learns of the failure (see {@code Construction}); {@code LinkProxy.create(args)}, which constructs in a scope that sees the exception, frees it at once.
 *
 * <p><b>Resurrection.</b> The runtime attaches proxies to existing objects through {@link #PCLASS}. That runs {@code Link()}, which must not touch persistent fields, then {@code resurrect()}, which rebuilds volatile state.
 */
@Generated("org.jnvm.processor.PersistentProcessor")
@GeneratedProxy
public final class LinkProxy extends Link implements DirectAccess {
  /**
   * Payload bytes of an object.
   */
  public static final long SIZE = 32;

  /**
   * The fingerprint of the layout {@code ref next@0;ref target@8;ref box@16;int weight@24}.
   */
  public static final long FINGERPRINT = 0x375b078f727bf9d8L;

  public static final long OFFSET_NEXT = 0;

  public static final long OFFSET_TARGET = 8;

  public static final long OFFSET_BOX = 16;

  public static final long OFFSET_WEIGHT = 24;

  /**
   * Offsets of the reference fields, ascending: what recovery follows.
   */
  public static final List<Long> REF_OFFSETS = List.of(0L, 8L, 16L);

  public static final Layout LAYOUT = Layout.builder()
    .field("next", FieldKind.REF)
    .field("target", FieldKind.REF)
    .field("box", FieldKind.REF)
    .field("weight", FieldKind.INT)
    .build();

  public static final PClass<LinkProxy> PCLASS = PClass.of(LinkProxy.class, LAYOUT, LinkProxy::new);

  static {
    Proxies.checkLayout(LinkProxy.class, LAYOUT, FINGERPRINT);
  }

  private Handle handle;

  private long directBase;

  private Persistence directWriteBack;

  /**
   * The resurrect constructor: attaches a proxy to existing data. The runtime calls {@code resurrect()} next.
   */
  private LinkProxy(Handle handle) {
    super();
    this.handle = handle;
    handle.bind(this, LinkProxy.SIZE);
  }

  /**
   * Allocates an object and runs {@code Link()} on it; see the class comment.
   */
  public LinkProxy() {
    this(Construction.begin(PCLASS, false));
  }

  private LinkProxy(Construction.Token token) {
    super();
    this.handle = Construction.finish(token, this, this.handle);
    this.handle.bind(this, LinkProxy.SIZE);
  }

  /**
   * Like {@code new LinkProxy()}, but if the constructor throws, the new object is freed at once.
   */
  public static LinkProxy create() {
    int mark = Construction.open(false);
    boolean done = false;
    try {
      LinkProxy created = new LinkProxy();
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
      h.bind(this, LinkProxy.SIZE);
    }
    return h;
  }

  @Override
  public void directAccess(long base, Persistence persistence) {
    directWriteBack = persistence;
    directBase = base;
  }

  @Override
  public Link getNext() {
    return handle().getRef(OFFSET_NEXT, Link.class);
  }

  @Override
  public void setNext(Link next) {
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
  @Override
  public void updateNext(Link v) {
    handle().updateRef(OFFSET_NEXT, v);
  }

  /**
   * Like {@code updateNext}, then frees the object that field {@code next} referred to before.
   */
  public void updateAndFreeNext(Link v) {
    handle().updateRefAndFree(OFFSET_NEXT, v);
  }

  @Override
  public PObject getTarget() {
    return handle().getRef(OFFSET_TARGET, PObject.class);
  }

  @Override
  public void setTarget(PObject target) {
    handle().putRef(OFFSET_TARGET, target);
  }

  /**
   * Writes back the cache lines of field {@code target}, without a fence.
   */
  public void pwbTarget() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_TARGET, 8);
      return;
    }
    handle().pwb(OFFSET_TARGET, 8);
  }

  /**
   * Stores {@code v} in field {@code target} atomically: validates {@code v}, fences, then stores and writes back.
   */
  public void updateTarget(PObject v) {
    handle().updateRef(OFFSET_TARGET, v);
  }

  /**
   * Like {@code updateTarget}, then frees the object that field {@code target} referred to before.
   */
  public void updateAndFreeTarget(PObject v) {
    handle().updateRefAndFree(OFFSET_TARGET, v);
  }

  @Override
  @SuppressWarnings("unchecked")
  public Box<String> getBox() {
    return (Box<String>) handle().getRef(OFFSET_BOX, Box.class);
  }

  @Override
  public void setBox(Box<String> box) {
    handle().putRef(OFFSET_BOX, box);
  }

  /**
   * Writes back the cache lines of field {@code box}, without a fence.
   */
  public void pwbBox() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_BOX, 8);
      return;
    }
    handle().pwb(OFFSET_BOX, 8);
  }

  /**
   * Stores {@code v} in field {@code box} atomically: validates {@code v}, fences, then stores and writes back.
   */
  public void updateBox(Box<String> v) {
    handle().updateRef(OFFSET_BOX, v);
  }

  /**
   * Like {@code updateBox}, then frees the object that field {@code box} referred to before.
   */
  public void updateAndFreeBox(Box<String> v) {
    handle().updateRefAndFree(OFFSET_BOX, v);
  }

  @Override
  public int getWeight() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getInt(base + OFFSET_WEIGHT);
    }
    return handle().getInt(OFFSET_WEIGHT);
  }

  @Override
  public void setWeight(int weight) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putInt(base + OFFSET_WEIGHT, weight);
      return;
    }
    handle().putInt(OFFSET_WEIGHT, weight);
  }

  /**
   * Writes back the cache lines of field {@code weight}, without a fence.
   */
  public void pwbWeight() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_WEIGHT, 4);
      return;
    }
    handle().pwb(OFFSET_WEIGHT, 4);
  }
}
