package golden;

import org.jnvm.Inline;
import org.jnvm.PObject;
import org.jnvm.Persistent;

/** Two inline byte fields around a long: 8 + 24 + 304 bytes, two blocks of the default 256. */
@Persistent
public abstract class Message implements PObject {
  public abstract long getSentMillis();
  public abstract void setSentMillis(long v);

  @Inline(capacity = 20)
  public abstract byte[] getTopic();
  public abstract void setTopic(byte[] v);

  @Inline(capacity = 300)
  public abstract byte[] getBody();
  public abstract void setBody(byte[] body);

  protected Message() {}
}
