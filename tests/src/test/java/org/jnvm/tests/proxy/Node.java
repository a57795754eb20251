package org.jnvm.tests.proxy;

import org.jnvm.PObject;
import org.jnvm.Persistent;

/** A linked node. Its constructors cover nested construction and failures. */
@Persistent
public abstract class Node implements PObject {
  public abstract long getValue();
  public abstract void setValue(long v);
  public abstract Node getNext();
  public abstract void setNext(Node next);

  /** Exposes the generated atomic updates through Node's type. */
  public abstract void updateNext(Node next);
  public abstract void updateAndFreeNext(Node next);

  protected Node() {}

  protected Node(long value) {
    if (value < 0) {
      throw new IllegalArgumentException("negative: " + value);
    }
    setValue(value);
  }

  /** Creates its successor before it touches a field of its own. */
  protected Node(long value, long nextValue) {
    setNext(new NodeProxy(nextValue));
    setValue(value);
  }

  /** Tries to create a successor that fails, and carries on without it. */
  protected Node(long value, String failingNext) {
    try {
      setNext(new NodeProxy(failingNext));
    } catch (IllegalStateException expected) {
      setNext(null);
    }
    setValue(value);
  }

  /** Writes a field, then throws: the object must not survive. */
  protected Node(String failure) {
    setValue(42);
    throw new IllegalStateException(failure);
  }
}
