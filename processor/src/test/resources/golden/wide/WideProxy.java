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
 * The persistent proxy of {@link Wide}, written by the jnvm annotation processor: it implements the persistent fields of Wide over an object in a heap, with the layout {@code long l0@0;long l1@8;long l2@16;long l3@24;long l4@32;long l5@40;long l6@48;long l7@56;long l8@64;long l9@72;long l10@80;long l11@88;long l12@96;long l13@104;long l14@112;long l15@120;long l16@128;long l17@136;long l18@144;long l19@152;long l20@160;long l21@168;long l22@176;long l23@184;long l24@192;long l25@200;long l26@208;long l27@216;long l28@224;long l29@232;long l30@240;long l31@248;long l32@256;long l33@264;ref last@272}.
 *
 * <p><b>New objects.</b> {@code new WideProxy(args)} runs the constructor {@code Wide(args)} on a new object of the heap given to {@code Construction.inHeap}, or else of {@code JNVM.heap()}. The object is allocated when that constructor first touches a persistent field, or when it returns.
 * The object stays invalid, so dead after a crash, until {@code validate()}, {@code Roots.put} or an atomic {@code updateX} makes it valid (the low-level interface).
 *
 * <p>If {@code Wide(args)} throws, no valid object is left, but its allocation is freed only once jnvm learns of the failure (see {@code Construction}); {@code WideProxy.create(args)}, which constructs in a scope that sees the exception, frees it at once.
 *
 * <p><b>Resurrection.</b> The runtime attaches proxies to existing objects through {@link #PCLASS}. That runs {@code Wide()}, which must not touch persistent fields, then {@code resurrect()}, which rebuilds volatile state.
 */
@Generated("org.jnvm.processor.PersistentProcessor")
@GeneratedProxy
public final class WideProxy extends Wide implements DirectAccess {
  /**
   * Payload bytes of an object.
   */
  public static final long SIZE = 280;

  /**
   * The fingerprint of the layout {@code long l0@0;long l1@8;long l2@16;long l3@24;long l4@32;long l5@40;long l6@48;long l7@56;long l8@64;long l9@72;long l10@80;long l11@88;long l12@96;long l13@104;long l14@112;long l15@120;long l16@128;long l17@136;long l18@144;long l19@152;long l20@160;long l21@168;long l22@176;long l23@184;long l24@192;long l25@200;long l26@208;long l27@216;long l28@224;long l29@232;long l30@240;long l31@248;long l32@256;long l33@264;ref last@272}.
   */
  public static final long FINGERPRINT = 0xa20ef6f92ec44a07L;

  public static final long OFFSET_L0 = 0;

  public static final long OFFSET_L1 = 8;

  public static final long OFFSET_L2 = 16;

  public static final long OFFSET_L3 = 24;

  public static final long OFFSET_L4 = 32;

  public static final long OFFSET_L5 = 40;

  public static final long OFFSET_L6 = 48;

  public static final long OFFSET_L7 = 56;

  public static final long OFFSET_L8 = 64;

  public static final long OFFSET_L9 = 72;

  public static final long OFFSET_L10 = 80;

  public static final long OFFSET_L11 = 88;

  public static final long OFFSET_L12 = 96;

  public static final long OFFSET_L13 = 104;

  public static final long OFFSET_L14 = 112;

  public static final long OFFSET_L15 = 120;

  public static final long OFFSET_L16 = 128;

  public static final long OFFSET_L17 = 136;

  public static final long OFFSET_L18 = 144;

  public static final long OFFSET_L19 = 152;

  public static final long OFFSET_L20 = 160;

  public static final long OFFSET_L21 = 168;

  public static final long OFFSET_L22 = 176;

  public static final long OFFSET_L23 = 184;

  public static final long OFFSET_L24 = 192;

  public static final long OFFSET_L25 = 200;

  public static final long OFFSET_L26 = 208;

  public static final long OFFSET_L27 = 216;

  public static final long OFFSET_L28 = 224;

  public static final long OFFSET_L29 = 232;

  public static final long OFFSET_L30 = 240;

  public static final long OFFSET_L31 = 248;

  public static final long OFFSET_L32 = 256;

  public static final long OFFSET_L33 = 264;

  public static final long OFFSET_LAST = 272;

  /**
   * Offsets of the reference fields, ascending: what recovery follows.
   */
  public static final List<Long> REF_OFFSETS = List.of(272L);

  public static final Layout LAYOUT = Layout.builder()
    .field("l0", FieldKind.LONG)
    .field("l1", FieldKind.LONG)
    .field("l2", FieldKind.LONG)
    .field("l3", FieldKind.LONG)
    .field("l4", FieldKind.LONG)
    .field("l5", FieldKind.LONG)
    .field("l6", FieldKind.LONG)
    .field("l7", FieldKind.LONG)
    .field("l8", FieldKind.LONG)
    .field("l9", FieldKind.LONG)
    .field("l10", FieldKind.LONG)
    .field("l11", FieldKind.LONG)
    .field("l12", FieldKind.LONG)
    .field("l13", FieldKind.LONG)
    .field("l14", FieldKind.LONG)
    .field("l15", FieldKind.LONG)
    .field("l16", FieldKind.LONG)
    .field("l17", FieldKind.LONG)
    .field("l18", FieldKind.LONG)
    .field("l19", FieldKind.LONG)
    .field("l20", FieldKind.LONG)
    .field("l21", FieldKind.LONG)
    .field("l22", FieldKind.LONG)
    .field("l23", FieldKind.LONG)
    .field("l24", FieldKind.LONG)
    .field("l25", FieldKind.LONG)
    .field("l26", FieldKind.LONG)
    .field("l27", FieldKind.LONG)
    .field("l28", FieldKind.LONG)
    .field("l29", FieldKind.LONG)
    .field("l30", FieldKind.LONG)
    .field("l31", FieldKind.LONG)
    .field("l32", FieldKind.LONG)
    .field("l33", FieldKind.LONG)
    .field("last", FieldKind.REF)
    .build();

  public static final PClass<WideProxy> PCLASS = PClass.of(WideProxy.class, LAYOUT, WideProxy::new);

  static {
    Proxies.checkLayout(WideProxy.class, LAYOUT, FINGERPRINT);
  }

  private Handle handle;

  private long directBase;

  private Persistence directWriteBack;

  /**
   * The resurrect constructor: attaches a proxy to existing data. The runtime calls {@code resurrect()} next.
   */
  private WideProxy(Handle handle) {
    super();
    this.handle = handle;
    handle.bind(this, WideProxy.SIZE);
  }

  /**
   * Allocates an object and runs {@code Wide()} on it; see the class comment.
   */
  public WideProxy() {
    this(Construction.begin(PCLASS, false));
  }

  private WideProxy(Construction.Token token) {
    super();
    this.handle = Construction.finish(token, this, this.handle);
    this.handle.bind(this, WideProxy.SIZE);
  }

  /**
   * Like {@code new WideProxy()}, but if the constructor throws, the new object is freed at once.
   */
  public static WideProxy create() {
    int mark = Construction.open(false);
    boolean done = false;
    try {
      WideProxy created = new WideProxy();
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
      h.bind(this, WideProxy.SIZE);
    }
    return h;
  }

  @Override
  public void directAccess(long base, Persistence persistence) {
    directWriteBack = persistence;
    directBase = base;
  }

  @Override
  public long getL0() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L0);
    }
    return handle().getLong(OFFSET_L0);
  }

  @Override
  public void setL0(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L0, v);
      return;
    }
    handle().putLong(OFFSET_L0, v);
  }

  /**
   * Writes back the cache lines of field {@code l0}, without a fence.
   */
  public void pwbL0() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L0, 8);
      return;
    }
    handle().pwb(OFFSET_L0, 8);
  }

  @Override
  public long getL1() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L1);
    }
    return handle().getLong(OFFSET_L1);
  }

  @Override
  public void setL1(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L1, v);
      return;
    }
    handle().putLong(OFFSET_L1, v);
  }

  /**
   * Writes back the cache lines of field {@code l1}, without a fence.
   */
  public void pwbL1() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L1, 8);
      return;
    }
    handle().pwb(OFFSET_L1, 8);
  }

  @Override
  public long getL2() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L2);
    }
    return handle().getLong(OFFSET_L2);
  }

  @Override
  public void setL2(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L2, v);
      return;
    }
    handle().putLong(OFFSET_L2, v);
  }

  /**
   * Writes back the cache lines of field {@code l2}, without a fence.
   */
  public void pwbL2() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L2, 8);
      return;
    }
    handle().pwb(OFFSET_L2, 8);
  }

  @Override
  public long getL3() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L3);
    }
    return handle().getLong(OFFSET_L3);
  }

  @Override
  public void setL3(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L3, v);
      return;
    }
    handle().putLong(OFFSET_L3, v);
  }

  /**
   * Writes back the cache lines of field {@code l3}, without a fence.
   */
  public void pwbL3() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L3, 8);
      return;
    }
    handle().pwb(OFFSET_L3, 8);
  }

  @Override
  public long getL4() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L4);
    }
    return handle().getLong(OFFSET_L4);
  }

  @Override
  public void setL4(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L4, v);
      return;
    }
    handle().putLong(OFFSET_L4, v);
  }

  /**
   * Writes back the cache lines of field {@code l4}, without a fence.
   */
  public void pwbL4() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L4, 8);
      return;
    }
    handle().pwb(OFFSET_L4, 8);
  }

  @Override
  public long getL5() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L5);
    }
    return handle().getLong(OFFSET_L5);
  }

  @Override
  public void setL5(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L5, v);
      return;
    }
    handle().putLong(OFFSET_L5, v);
  }

  /**
   * Writes back the cache lines of field {@code l5}, without a fence.
   */
  public void pwbL5() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L5, 8);
      return;
    }
    handle().pwb(OFFSET_L5, 8);
  }

  @Override
  public long getL6() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L6);
    }
    return handle().getLong(OFFSET_L6);
  }

  @Override
  public void setL6(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L6, v);
      return;
    }
    handle().putLong(OFFSET_L6, v);
  }

  /**
   * Writes back the cache lines of field {@code l6}, without a fence.
   */
  public void pwbL6() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L6, 8);
      return;
    }
    handle().pwb(OFFSET_L6, 8);
  }

  @Override
  public long getL7() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L7);
    }
    return handle().getLong(OFFSET_L7);
  }

  @Override
  public void setL7(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L7, v);
      return;
    }
    handle().putLong(OFFSET_L7, v);
  }

  /**
   * Writes back the cache lines of field {@code l7}, without a fence.
   */
  public void pwbL7() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L7, 8);
      return;
    }
    handle().pwb(OFFSET_L7, 8);
  }

  @Override
  public long getL8() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L8);
    }
    return handle().getLong(OFFSET_L8);
  }

  @Override
  public void setL8(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L8, v);
      return;
    }
    handle().putLong(OFFSET_L8, v);
  }

  /**
   * Writes back the cache lines of field {@code l8}, without a fence.
   */
  public void pwbL8() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L8, 8);
      return;
    }
    handle().pwb(OFFSET_L8, 8);
  }

  @Override
  public long getL9() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L9);
    }
    return handle().getLong(OFFSET_L9);
  }

  @Override
  public void setL9(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L9, v);
      return;
    }
    handle().putLong(OFFSET_L9, v);
  }

  /**
   * Writes back the cache lines of field {@code l9}, without a fence.
   */
  public void pwbL9() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L9, 8);
      return;
    }
    handle().pwb(OFFSET_L9, 8);
  }

  @Override
  public long getL10() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L10);
    }
    return handle().getLong(OFFSET_L10);
  }

  @Override
  public void setL10(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L10, v);
      return;
    }
    handle().putLong(OFFSET_L10, v);
  }

  /**
   * Writes back the cache lines of field {@code l10}, without a fence.
   */
  public void pwbL10() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L10, 8);
      return;
    }
    handle().pwb(OFFSET_L10, 8);
  }

  @Override
  public long getL11() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L11);
    }
    return handle().getLong(OFFSET_L11);
  }

  @Override
  public void setL11(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L11, v);
      return;
    }
    handle().putLong(OFFSET_L11, v);
  }

  /**
   * Writes back the cache lines of field {@code l11}, without a fence.
   */
  public void pwbL11() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L11, 8);
      return;
    }
    handle().pwb(OFFSET_L11, 8);
  }

  @Override
  public long getL12() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L12);
    }
    return handle().getLong(OFFSET_L12);
  }

  @Override
  public void setL12(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L12, v);
      return;
    }
    handle().putLong(OFFSET_L12, v);
  }

  /**
   * Writes back the cache lines of field {@code l12}, without a fence.
   */
  public void pwbL12() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L12, 8);
      return;
    }
    handle().pwb(OFFSET_L12, 8);
  }

  @Override
  public long getL13() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L13);
    }
    return handle().getLong(OFFSET_L13);
  }

  @Override
  public void setL13(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L13, v);
      return;
    }
    handle().putLong(OFFSET_L13, v);
  }

  /**
   * Writes back the cache lines of field {@code l13}, without a fence.
   */
  public void pwbL13() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L13, 8);
      return;
    }
    handle().pwb(OFFSET_L13, 8);
  }

  @Override
  public long getL14() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L14);
    }
    return handle().getLong(OFFSET_L14);
  }

  @Override
  public void setL14(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L14, v);
      return;
    }
    handle().putLong(OFFSET_L14, v);
  }

  /**
   * Writes back the cache lines of field {@code l14}, without a fence.
   */
  public void pwbL14() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L14, 8);
      return;
    }
    handle().pwb(OFFSET_L14, 8);
  }

  @Override
  public long getL15() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L15);
    }
    return handle().getLong(OFFSET_L15);
  }

  @Override
  public void setL15(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L15, v);
      return;
    }
    handle().putLong(OFFSET_L15, v);
  }

  /**
   * Writes back the cache lines of field {@code l15}, without a fence.
   */
  public void pwbL15() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L15, 8);
      return;
    }
    handle().pwb(OFFSET_L15, 8);
  }

  @Override
  public long getL16() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L16);
    }
    return handle().getLong(OFFSET_L16);
  }

  @Override
  public void setL16(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L16, v);
      return;
    }
    handle().putLong(OFFSET_L16, v);
  }

  /**
   * Writes back the cache lines of field {@code l16}, without a fence.
   */
  public void pwbL16() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L16, 8);
      return;
    }
    handle().pwb(OFFSET_L16, 8);
  }

  @Override
  public long getL17() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L17);
    }
    return handle().getLong(OFFSET_L17);
  }

  @Override
  public void setL17(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L17, v);
      return;
    }
    handle().putLong(OFFSET_L17, v);
  }

  /**
   * Writes back the cache lines of field {@code l17}, without a fence.
   */
  public void pwbL17() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L17, 8);
      return;
    }
    handle().pwb(OFFSET_L17, 8);
  }

  @Override
  public long getL18() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L18);
    }
    return handle().getLong(OFFSET_L18);
  }

  @Override
  public void setL18(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L18, v);
      return;
    }
    handle().putLong(OFFSET_L18, v);
  }

  /**
   * Writes back the cache lines of field {@code l18}, without a fence.
   */
  public void pwbL18() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L18, 8);
      return;
    }
    handle().pwb(OFFSET_L18, 8);
  }

  @Override
  public long getL19() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L19);
    }
    return handle().getLong(OFFSET_L19);
  }

  @Override
  public void setL19(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L19, v);
      return;
    }
    handle().putLong(OFFSET_L19, v);
  }

  /**
   * Writes back the cache lines of field {@code l19}, without a fence.
   */
  public void pwbL19() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L19, 8);
      return;
    }
    handle().pwb(OFFSET_L19, 8);
  }

  @Override
  public long getL20() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L20);
    }
    return handle().getLong(OFFSET_L20);
  }

  @Override
  public void setL20(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L20, v);
      return;
    }
    handle().putLong(OFFSET_L20, v);
  }

  /**
   * Writes back the cache lines of field {@code l20}, without a fence.
   */
  public void pwbL20() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L20, 8);
      return;
    }
    handle().pwb(OFFSET_L20, 8);
  }

  @Override
  public long getL21() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L21);
    }
    return handle().getLong(OFFSET_L21);
  }

  @Override
  public void setL21(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L21, v);
      return;
    }
    handle().putLong(OFFSET_L21, v);
  }

  /**
   * Writes back the cache lines of field {@code l21}, without a fence.
   */
  public void pwbL21() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L21, 8);
      return;
    }
    handle().pwb(OFFSET_L21, 8);
  }

  @Override
  public long getL22() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L22);
    }
    return handle().getLong(OFFSET_L22);
  }

  @Override
  public void setL22(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L22, v);
      return;
    }
    handle().putLong(OFFSET_L22, v);
  }

  /**
   * Writes back the cache lines of field {@code l22}, without a fence.
   */
  public void pwbL22() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L22, 8);
      return;
    }
    handle().pwb(OFFSET_L22, 8);
  }

  @Override
  public long getL23() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L23);
    }
    return handle().getLong(OFFSET_L23);
  }

  @Override
  public void setL23(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L23, v);
      return;
    }
    handle().putLong(OFFSET_L23, v);
  }

  /**
   * Writes back the cache lines of field {@code l23}, without a fence.
   */
  public void pwbL23() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L23, 8);
      return;
    }
    handle().pwb(OFFSET_L23, 8);
  }

  @Override
  public long getL24() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L24);
    }
    return handle().getLong(OFFSET_L24);
  }

  @Override
  public void setL24(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L24, v);
      return;
    }
    handle().putLong(OFFSET_L24, v);
  }

  /**
   * Writes back the cache lines of field {@code l24}, without a fence.
   */
  public void pwbL24() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L24, 8);
      return;
    }
    handle().pwb(OFFSET_L24, 8);
  }

  @Override
  public long getL25() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L25);
    }
    return handle().getLong(OFFSET_L25);
  }

  @Override
  public void setL25(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L25, v);
      return;
    }
    handle().putLong(OFFSET_L25, v);
  }

  /**
   * Writes back the cache lines of field {@code l25}, without a fence.
   */
  public void pwbL25() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L25, 8);
      return;
    }
    handle().pwb(OFFSET_L25, 8);
  }

  @Override
  public long getL26() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L26);
    }
    return handle().getLong(OFFSET_L26);
  }

  @Override
  public void setL26(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L26, v);
      return;
    }
    handle().putLong(OFFSET_L26, v);
  }

  /**
   * Writes back the cache lines of field {@code l26}, without a fence.
   */
  public void pwbL26() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L26, 8);
      return;
    }
    handle().pwb(OFFSET_L26, 8);
  }

  @Override
  public long getL27() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L27);
    }
    return handle().getLong(OFFSET_L27);
  }

  @Override
  public void setL27(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L27, v);
      return;
    }
    handle().putLong(OFFSET_L27, v);
  }

  /**
   * Writes back the cache lines of field {@code l27}, without a fence.
   */
  public void pwbL27() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L27, 8);
      return;
    }
    handle().pwb(OFFSET_L27, 8);
  }

  @Override
  public long getL28() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L28);
    }
    return handle().getLong(OFFSET_L28);
  }

  @Override
  public void setL28(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L28, v);
      return;
    }
    handle().putLong(OFFSET_L28, v);
  }

  /**
   * Writes back the cache lines of field {@code l28}, without a fence.
   */
  public void pwbL28() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L28, 8);
      return;
    }
    handle().pwb(OFFSET_L28, 8);
  }

  @Override
  public long getL29() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L29);
    }
    return handle().getLong(OFFSET_L29);
  }

  @Override
  public void setL29(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L29, v);
      return;
    }
    handle().putLong(OFFSET_L29, v);
  }

  /**
   * Writes back the cache lines of field {@code l29}, without a fence.
   */
  public void pwbL29() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L29, 8);
      return;
    }
    handle().pwb(OFFSET_L29, 8);
  }

  @Override
  public long getL30() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L30);
    }
    return handle().getLong(OFFSET_L30);
  }

  @Override
  public void setL30(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L30, v);
      return;
    }
    handle().putLong(OFFSET_L30, v);
  }

  /**
   * Writes back the cache lines of field {@code l30}, without a fence.
   */
  public void pwbL30() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L30, 8);
      return;
    }
    handle().pwb(OFFSET_L30, 8);
  }

  @Override
  public long getL31() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L31);
    }
    return handle().getLong(OFFSET_L31);
  }

  @Override
  public void setL31(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L31, v);
      return;
    }
    handle().putLong(OFFSET_L31, v);
  }

  /**
   * Writes back the cache lines of field {@code l31}, without a fence.
   */
  public void pwbL31() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L31, 8);
      return;
    }
    handle().pwb(OFFSET_L31, 8);
  }

  @Override
  public long getL32() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L32);
    }
    return handle().getLong(OFFSET_L32);
  }

  @Override
  public void setL32(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L32, v);
      return;
    }
    handle().putLong(OFFSET_L32, v);
  }

  /**
   * Writes back the cache lines of field {@code l32}, without a fence.
   */
  public void pwbL32() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L32, 8);
      return;
    }
    handle().pwb(OFFSET_L32, 8);
  }

  @Override
  public long getL33() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_L33);
    }
    return handle().getLong(OFFSET_L33);
  }

  @Override
  public void setL33(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_L33, v);
      return;
    }
    handle().putLong(OFFSET_L33, v);
  }

  /**
   * Writes back the cache lines of field {@code l33}, without a fence.
   */
  public void pwbL33() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_L33, 8);
      return;
    }
    handle().pwb(OFFSET_L33, 8);
  }

  @Override
  public Wide getLast() {
    return handle().getRef(OFFSET_LAST, Wide.class);
  }

  @Override
  public void setLast(Wide v) {
    handle().putRef(OFFSET_LAST, v);
  }

  /**
   * Writes back the cache lines of field {@code last}, without a fence.
   */
  public void pwbLast() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_LAST, 8);
      return;
    }
    handle().pwb(OFFSET_LAST, 8);
  }

  /**
   * Stores {@code v} in field {@code last} atomically: validates {@code v}, fences, then stores and writes back.
   */
  public void updateLast(Wide v) {
    handle().updateRef(OFFSET_LAST, v);
  }

  /**
   * Like {@code updateLast}, then frees the object that field {@code last} referred to before.
   */
  public void updateAndFreeLast(Wide v) {
    handle().updateRefAndFree(OFFSET_LAST, v);
  }
}
