package org.jnvm.pdt;

import org.jnvm.PObject;

/**
 * How pdt containers publish what they are handed. A new object is invalid until published; a
 * container writes it back and validates it without a fence, so that the fence of the container's
 * own atomic update makes the object and the reference to it durable together. An object that is
 * valid already was published before, and is left alone.
 */
final class Publication {
  private Publication() {}

  static void prepare(PObject o) {
    if (o != null && !o.isValid()) {
      o.pwb();
      o.validate();
    }
  }
}
