package org.jnvm.proxy;

import org.jnvm.errors.Errors;
import org.jnvm.layout.Layout;

/** Checks that generated proxies run when their class is initialised. */
public final class Proxies {
  private Proxies() {}

  /**
   * Fails if the layout a proxy builds at run time is not the one its processor computed, which
   * happens when a {@code @Persistent} superclass was recompiled without its subclasses: the
   * proxy's offset constants would then be wrong.
   */
  public static void checkLayout(Class<?> proxy, Layout layout, long fingerprint) {
    if (layout.fingerprint() != fingerprint) {
      throw Errors.layoutChanged(proxy, fingerprint, layout.fingerprint());
    }
  }
}
