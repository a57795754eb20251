package golden;

import org.jnvm.PObject;

/** A persistent type with a type parameter, written by hand. */
public interface Box<T> extends PObject {
  T content();
}
