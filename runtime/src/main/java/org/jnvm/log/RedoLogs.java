package org.jnvm.log;

import org.jnvm.errors.Errors;
import org.jnvm.memory.Memory;
import org.jnvm.recovery.HeapView;

/**
 * Recovery's first step: replay the committed per-thread redo logs and discard the others. The
 * superblock holds the offset of the log directory, which recovery also treats as a root so the
 * logs themselves survive. Failure-atomic blocks fill this in; until then no heap has logs, and a
 * directory word that is not zero can only come from a damaged file.
 */
public final class RedoLogs {
  private RedoLogs() {}

  /**
   * Replays what the log directory holds.
   *
   * @param directoryWord address of the superblock word that holds the log directory's offset
   */
  public static void replay(HeapView heap, long directoryWord) {
    long directory = Memory.getLong(directoryWord);
    if (directory != 0) {
      throw Errors.corrupt(heap.path(), "it names a redo-log directory at offset " + directory + ", which this version does not write");
    }
  }
}
