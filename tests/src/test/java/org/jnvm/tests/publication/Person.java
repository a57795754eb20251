package org.jnvm.tests.publication;

import org.jnvm.JNVM;
import org.jnvm.PObject;
import org.jnvm.Persistent;
import org.jnvm.pdt.PString;

/**
 * A user's class as the README writes one, without {@code fa}: its constructor sets a reference to
 * a new string, and optionally to a new friend, whom it builds the same way.
 */
@Persistent
public abstract class Person implements PObject {
  public abstract PString getName();

  public abstract void setName(PString v);

  public abstract Person getFriend();

  public abstract void setFriend(Person v);

  /** The atomic update the processor generates: publish, fence, store. */
  public abstract void updateFriend(Person v);

  public abstract long getAge();

  public abstract void setAge(long v);

  protected Person() {}

  protected Person(String name, long age, String friend) {
    setName(PString.of(JNVM.heap(), name));
    setAge(age);
    if (friend != null) {
      setFriend(new PersonProxy(friend, age + 1, null));
    }
  }
}
