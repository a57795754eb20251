package org.jnvm.crash.objects;

import org.jnvm.Fa;
import org.jnvm.Inline;
import org.jnvm.PObject;
import org.jnvm.Persistent;

/**
 * Three {@code @Inline} byte fields of different capacities and a version, failure-atomic. With the
 * default blocks of 256 bytes, the object takes two blocks and the largest field spans both.
 */
@Persistent(fa = Fa.NON_PRIVATE)
public abstract class Packet implements PObject {
  /** The capacity of each field, by index. */
  public static final int[] CAPACITIES = {20, 100, 300};

  @Inline(capacity = 20)
  public abstract byte[] getSmall();

  public abstract void setSmall(byte[] v);

  @Inline(capacity = 100)
  public abstract byte[] getMiddle();

  public abstract void setMiddle(byte[] v);

  @Inline(capacity = 300)
  public abstract byte[] getLarge();

  public abstract void setLarge(byte[] v);

  public abstract long getVersion();

  public abstract void setVersion(long v);

  protected Packet() {}

  protected Packet(long version) {
    setVersion(version);
  }

  /** Field {@code index}'s content, or null. */
  public final byte[] get(int index) {
    return switch (index) {
      case 0 -> getSmall();
      case 1 -> getMiddle();
      case 2 -> getLarge();
      default -> throw new IndexOutOfBoundsException(index);
    };
  }

  /** Sets field {@code index} and the version, in one failure-atomic block. */
  public void set(int index, byte[] content, long version) {
    switch (index) {
      case 0 -> setSmall(content);
      case 1 -> setMiddle(content);
      case 2 -> setLarge(content);
      default -> throw new IndexOutOfBoundsException(index);
    }
    setVersion(version);
  }
}
