package org.jnvm.pdt;

import org.jnvm.heap.Handle;

/** Writing back just the bytes a new object filled, rather than every line of its blocks or slot. */
final class WriteBack {
  private WriteBack() {}

  /**
   * Writes back the first {@code bytes} bytes of the object behind {@code handle}, without a
   * fence, and tells the handle that this is all the object reads, so that publication writes back
   * no more (see {@link Handle#contentWrittenBack()}). For immutable objects only. Its header needs
   * no write-back here: validation writes it back.
   */
  static void prefix(Handle handle, long bytes) {
    handle.pwb(0, Math.toIntExact(bytes));
    handle.contentWrittenBack();
  }
}
