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
import org.jnvm.proxy.InlineBytes;
import org.jnvm.proxy.Proxies;

/**
 * The persistent proxy of {@link Message}, written by the jnvm annotation processor: it implements the persistent fields of Message over an object in a heap, with the layout {@code long sentMillis@0;byte[24] topic@8;byte[304] body@32}.
 *
 * <p><b>New objects.</b> {@code new MessageProxy(args)} runs the constructor {@code Message(args)} on a new object of the heap given to {@code Construction.inHeap}, or else of {@code JNVM.heap()}. The object is allocated when that constructor first touches a persistent field, or when it returns.
 * The object stays invalid, so dead after a crash, until {@code validate()}, {@code Roots.put} or an atomic {@code updateX} makes it valid (the low-level interface).
 *
 * <p>If {@code Message(args)} throws, no valid object is left, but its allocation is freed only once jnvm learns of the failure (see {@code Construction}); {@code MessageProxy.create(args)}, which constructs in a scope that sees the exception, frees it at once.
 *
 * <p><b>Resurrection.</b> The runtime attaches proxies to existing objects through {@link #PCLASS}. That runs {@code Message()}, which must not touch persistent fields, then {@code resurrect()}, which rebuilds volatile state.
 */
@Generated("org.jnvm.processor.PersistentProcessor")
@GeneratedProxy
public final class MessageProxy extends Message implements DirectAccess {
  /**
   * Payload bytes of an object.
   */
  public static final long SIZE = 336;

  /**
   * The fingerprint of the layout {@code long sentMillis@0;byte[24] topic@8;byte[304] body@32}.
   */
  public static final long FINGERPRINT = 0x93c899608642c8ecL;

  public static final long OFFSET_SENT_MILLIS = 0;

  public static final long OFFSET_TOPIC = 8;

  public static final long OFFSET_BODY = 32;

  /**
   * Offsets of the reference fields, ascending: what recovery follows.
   */
  public static final List<Long> REF_OFFSETS = List.of();

  public static final Layout LAYOUT = Layout.builder()
    .field("sentMillis", FieldKind.LONG)
    .array("topic", FieldKind.BYTE, InlineBytes.footprint(20))
    .array("body", FieldKind.BYTE, InlineBytes.footprint(300))
    .build();

  public static final PClass<MessageProxy> PCLASS = PClass.of(MessageProxy.class, LAYOUT, MessageProxy::new);

  static {
    Proxies.checkLayout(MessageProxy.class, LAYOUT, FINGERPRINT);
  }

  private Handle handle;

  private long directBase;

  private Persistence directWriteBack;

  /**
   * The resurrect constructor: attaches a proxy to existing data. The runtime calls {@code resurrect()} next.
   */
  private MessageProxy(Handle handle) {
    super();
    this.handle = handle;
    handle.bind(this, MessageProxy.SIZE);
  }

  /**
   * Allocates an object and runs {@code Message()} on it; see the class comment.
   */
  public MessageProxy() {
    this(Construction.begin(PCLASS, false));
  }

  private MessageProxy(Construction.Token token) {
    super();
    this.handle = Construction.finish(token, this, this.handle);
    this.handle.bind(this, MessageProxy.SIZE);
  }

  /**
   * Like {@code new MessageProxy()}, but if the constructor throws, the new object is freed at once.
   */
  public static MessageProxy create() {
    int mark = Construction.open(false);
    boolean done = false;
    try {
      MessageProxy created = new MessageProxy();
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
      h.bind(this, MessageProxy.SIZE);
    }
    return h;
  }

  @Override
  public void directAccess(long base, Persistence persistence) {
    directWriteBack = persistence;
    directBase = base;
  }

  @Override
  public long getSentMillis() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return Memory.getLong(base + OFFSET_SENT_MILLIS);
    }
    return handle().getLong(OFFSET_SENT_MILLIS);
  }

  @Override
  public void setSentMillis(long v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      Memory.putLong(base + OFFSET_SENT_MILLIS, v);
      return;
    }
    handle().putLong(OFFSET_SENT_MILLIS, v);
  }

  /**
   * Writes back the cache lines of field {@code sentMillis}, without a fence.
   */
  public void pwbSentMillis() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_SENT_MILLIS, 8);
      return;
    }
    handle().pwb(OFFSET_SENT_MILLIS, 8);
  }

  @Override
  public byte[] getTopic() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return InlineBytes.get(this, base, OFFSET_TOPIC, 20);
    }
    return InlineBytes.get(handle(), OFFSET_TOPIC, 20);
  }

  @Override
  public void setTopic(byte[] v) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      InlineBytes.put(base, OFFSET_TOPIC, 20, v);
      return;
    }
    InlineBytes.put(handle(), OFFSET_TOPIC, 20, v);
  }

  /**
   * Writes back the cache lines of field {@code topic}, without a fence.
   */
  public void pwbTopic() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_TOPIC, 24);
      return;
    }
    handle().pwb(OFFSET_TOPIC, 24);
  }

  @Override
  public byte[] getBody() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      return InlineBytes.get(this, base, OFFSET_BODY, 300);
    }
    return InlineBytes.get(handle(), OFFSET_BODY, 300);
  }

  @Override
  public void setBody(byte[] body) {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      InlineBytes.put(base, OFFSET_BODY, 300, body);
      return;
    }
    InlineBytes.put(handle(), OFFSET_BODY, 300, body);
  }

  /**
   * Writes back the cache lines of field {@code body}, without a fence.
   */
  public void pwbBody() {
    long base = directBase;
    if (Handle.directAccessAllowed() && base != 0) {
      directWriteBack.pwb(base + OFFSET_BODY, 304);
      return;
    }
    handle().pwb(OFFSET_BODY, 304);
  }
}
