package golden;

import org.jnvm.PObject;
import org.jnvm.Persistent;

/** Reference fields: to its own class, to any PObject, to a generic type; one exposes its atomic update. */
@Persistent
public abstract class Link implements PObject {
  public abstract Link getNext();
  public abstract void setNext(Link next);
  public abstract PObject getTarget();
  public abstract void setTarget(PObject target);
  public abstract Box<String> getBox();
  public abstract void setBox(Box<String> box);
  public abstract int getWeight();
  public abstract void setWeight(int weight);

  /** Declared, so that users of Link can call the proxy's atomic update. */
  public abstract void updateNext(Link next);

  protected Link() {}
}
