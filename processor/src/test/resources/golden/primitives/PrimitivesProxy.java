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
import org.jnvm.proxy.EnumIds;
import org.jnvm.proxy.GeneratedProxy;
import org.jnvm.proxy.Proxies;

/**
 * The persistent proxy of {@link Primitives}, written by the jnvm annotation processor: it implements the persistent fields of Primitives over an object in a heap, with the layout {@code boolean flag@0;byte small@1;char letter@2;short shortOne@4;int count@8;float ratio@12;long total@16;double mean@24;int color@32}.
 *
 * <p><b>New objects.</b> {@code new PrimitivesProxy(args)} runs the constructor {@code Primitives(args)} on a new object of the heap given to {@code Construction.inHeap}, or else of {@code JNVM.heap()}. The object is allocated when that constructor first touches a persistent field, or when it returns.
 * The object stays invalid, so dead after a crash, until {@code validate()}, {@code Roots.put} or an atomic {@code updateX} makes it valid (the low-level interface).
 *
 * <p>If {@code Primitives(args)} throws, no valid object is left, but its allocation is freed only once jnvm learns of the failure (see {@code Construction}); {@code PrimitivesProxy.create(args)}, which constructs in a scope that sees the exception, frees it at once.
 *
 * <p><b>Resurrection.</b> The runtime attaches proxies to existing objects through {@link #PCLASS}. That runs {@code Primitives()}, which must not touch persistent fields, then {@code resurrect()}, which rebuilds volatile state.
 */
@Generated("org.jnvm.processor.PersistentProcessor")
@GeneratedProxy
public final class PrimitivesProxy extends Primitives implements DirectAccess {
  /**
   * Payload bytes of an object.
   */
  public static final long SIZE = 40;

  /**
   * The fingerprint of the layout {@code boolean flag@0;byte small@1;char letter@2;short shortOne@4;int count@8;float ratio@12;long total@16;double mean@24;int color@32}.
   */
  public static final long FINGERPRINT = 0x148bf9fb635629a3L;

  public static final long OFFSET_FLAG = 0;

  public static final long OFFSET_SMALL = 1;

  public static final long OFFSET_LETTER = 2;

  public static final long OFFSET_SHORT_ONE = 4;

  public static final long OFFSET_COUNT = 8;

  public static final long OFFSET_RATIO = 12;

  public static final long OFFSET_TOTAL = 16;

  public static final long OFFSET_MEAN = 24;

  public static final long OFFSET_COLOR = 32;

  /**
   * Offsets of the reference fields, ascending: what recovery follows.
   */
  public static final List<Long> REF_OFFSETS = List.of();

  public static final Layout LAYOUT = Layout.builder()
    .field("flag", FieldKind.BOOLEAN)
    .field("small", FieldKind.BYTE)
    .field("letter", FieldKind.CHAR)
    .field("shortOne", FieldKind.SHORT)
    .field("count", FieldKind.INT)
    .field("ratio", FieldKind.FLOAT)
    .field("total", FieldKind.LONG)
    .field("mean", FieldKind.DOUBLE)
    .field("color", FieldKind.INT)
    .build();

  public static final PClass<PrimitivesProxy> PCLASS = PClass.of(PrimitivesProxy.class, LAYOUT, PrimitivesProxy::new);

  static {
    Proxies.checkLayout(PrimitivesProxy.class, LAYOUT, FINGERPRINT);
  }

  private Handle handle;

  private long directBase;

  private Persistence directWriteBack;

  /**
   * The resurrect constructor: attaches a proxy to existing data. The runtime calls {@code resurrect()} next.
   */
  private PrimitivesProxy(Handle handle) {
    super();
    this.handle = handle;
    handle.bind(this, PrimitivesProxy.SIZE);
  }

  /**
   * Allocates an object and runs {@code Primitives()} on it; see the class comment.
   */
  public PrimitivesProxy() {
    this(Construction.begin(PCLASS, false));
  }

  private PrimitivesProxy(Construction.Token token) {
    super();
    this.handle = Construction.finish(token, this, this.handle);
    this.handle.bind(this, PrimitivesProxy.SIZE);
  }

  /**
   * Allocates an object and runs {@code Primitives(int, Color)} on it; see the class comment.
   */
  public PrimitivesProxy(int count, Primitives.Color color) {
    this(Construction.begin(PCLASS, false), count, color);
  }

  private PrimitivesProxy(Construction.Token token, int count, Primitives.Color color) {
    super(count, color);
    this.handle = Construction.finish(token, this, this.handle);
    this.handle.bind(this, PrimitivesProxy.SIZE);
  }

  /**
   * Like {@code new PrimitivesProxy()}, but if the constructor throws, the new object is freed at once.
   */
  public static PrimitivesProxy create() {
    int mark = Construction.open(false);
    boolean done = false;
    try {
      PrimitivesProxy created = new PrimitivesProxy();
      done = true;
      return created;
    } finally {
      Construction.close(mark, false, done);
    }
  }

  /**
   * Like {@code new PrimitivesProxy(int, Color)}, but if the constructor throws, the new object is freed at once.
   */
  public static PrimitivesProxy create(int count, Primitives.Color color) {
    int mark = Construction.open(false);
    boolean done = false;
    try {
      PrimitivesProxy created = new PrimitivesProxy(count, color);
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
      h.bind(this, PrimitivesProxy.SIZE);
    }
    return h;
  }

  @Override
  public void directAccess(long base, Persistence persistence) {
    directWriteBack = persistence;
    directBase = base;
  }

  @Override
  public boolean isFlag() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getByte(base + OFFSET_FLAG) != 0;
    }
    return handle().getBoolean(OFFSET_FLAG);
  }

  @Override
  public void setFlag(boolean v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putByte(base + OFFSET_FLAG, v ? (byte) 1 : (byte) 0);
      return;
    }
    handle().putBoolean(OFFSET_FLAG, v);
  }

  /**
   * Writes back the cache lines of field {@code flag}, without a fence.
   */
  public void pwbFlag() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_FLAG, 1);
      return;
    }
    handle().pwb(OFFSET_FLAG, 1);
  }

  @Override
  public byte getSmall() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getByte(base + OFFSET_SMALL);
    }
    return handle().getByte(OFFSET_SMALL);
  }

  @Override
  public void setSmall(byte v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putByte(base + OFFSET_SMALL, v);
      return;
    }
    handle().putByte(OFFSET_SMALL, v);
  }

  /**
   * Writes back the cache lines of field {@code small}, without a fence.
   */
  public void pwbSmall() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_SMALL, 1);
      return;
    }
    handle().pwb(OFFSET_SMALL, 1);
  }

  @Override
  public char getLetter() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getChar(base + OFFSET_LETTER);
    }
    return handle().getChar(OFFSET_LETTER);
  }

  @Override
  public void setLetter(char v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putChar(base + OFFSET_LETTER, v);
      return;
    }
    handle().putChar(OFFSET_LETTER, v);
  }

  /**
   * Writes back the cache lines of field {@code letter}, without a fence.
   */
  public void pwbLetter() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_LETTER, 2);
      return;
    }
    handle().pwb(OFFSET_LETTER, 2);
  }

  @Override
  public short getShortOne() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getShort(base + OFFSET_SHORT_ONE);
    }
    return handle().getShort(OFFSET_SHORT_ONE);
  }

  @Override
  public void setShortOne(short v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putShort(base + OFFSET_SHORT_ONE, v);
      return;
    }
    handle().putShort(OFFSET_SHORT_ONE, v);
  }

  /**
   * Writes back the cache lines of field {@code shortOne}, without a fence.
   */
  public void pwbShortOne() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_SHORT_ONE, 2);
      return;
    }
    handle().pwb(OFFSET_SHORT_ONE, 2);
  }

  @Override
  public int getCount() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getInt(base + OFFSET_COUNT);
    }
    return handle().getInt(OFFSET_COUNT);
  }

  @Override
  public void setCount(int v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putInt(base + OFFSET_COUNT, v);
      return;
    }
    handle().putInt(OFFSET_COUNT, v);
  }

  /**
   * Writes back the cache lines of field {@code count}, without a fence.
   */
  public void pwbCount() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_COUNT, 4);
      return;
    }
    handle().pwb(OFFSET_COUNT, 4);
  }

  @Override
  public float getRatio() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getFloat(base + OFFSET_RATIO);
    }
    return handle().getFloat(OFFSET_RATIO);
  }

  @Override
  public void setRatio(float v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putFloat(base + OFFSET_RATIO, v);
      return;
    }
    handle().putFloat(OFFSET_RATIO, v);
  }

  /**
   * Writes back the cache lines of field {@code ratio}, without a fence.
   */
  public void pwbRatio() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_RATIO, 4);
      return;
    }
    handle().pwb(OFFSET_RATIO, 4);
  }

  @Override
  public long getTotal() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_TOTAL);
    }
    return handle().getLong(OFFSET_TOTAL);
  }

  @Override
  public void setTotal(long base) {
    long at = directBase;
    if (Handle.directAccessAllowed() && at != 0) {
      Memory.putLong(at + OFFSET_TOTAL, base);
      return;
    }
    handle().putLong(OFFSET_TOTAL, base);
  }

  /**
   * Writes back the cache lines of field {@code total}, without a fence.
   */
  public void pwbTotal() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_TOTAL, 8);
      return;
    }
    handle().pwb(OFFSET_TOTAL, 8);
  }

  @Override
  public double getMean() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getDouble(base + OFFSET_MEAN);
    }
    return handle().getDouble(OFFSET_MEAN);
  }

  @Override
  public void setMean(double v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putDouble(base + OFFSET_MEAN, v);
      return;
    }
    handle().putDouble(OFFSET_MEAN, v);
  }

  /**
   * Writes back the cache lines of field {@code mean}, without a fence.
   */
  public void pwbMean() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_MEAN, 8);
      return;
    }
    handle().pwb(OFFSET_MEAN, 8);
  }

  @Override
  public Primitives.Color getColor() {
    int id = handle().getInt(OFFSET_COLOR);
    return switch (id) {
      case 0 -> null;
      case 0x83ce97fc -> Primitives.Color.RED;
      case 0xab62935c -> Primitives.Color.GREEN;
      case 0x2cb7370d -> Primitives.Color.BLUE;
      default -> throw EnumIds.unknownId(Primitives.Color.class, id);
    };
  }

  @Override
  public void setColor(Primitives.Color c) {
    handle().putInt(OFFSET_COLOR, c == null ? 0 : switch (c) {
      case RED -> 0x83ce97fc;
      case GREEN -> 0xab62935c;
      case BLUE -> 0x2cb7370d;
      default -> throw EnumIds.unknownConstant(c);
    });
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
