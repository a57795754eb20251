package org.jnvm.fa;

import java.util.function.Supplier;
import org.jnvm.heap.Handle;

/**
 * Failure-atomic blocks: after a crash at any instant, a block's writes, allocations and frees are
 * either all present or all absent.
 *
 * <p>Blocks nest flatly: a per-thread depth counts them, and only the outermost block commits. An
 * exception that leaves the outermost block aborts it; one caught inside the block does not.
 * Blocks give no isolation: threads that share objects lock, as they would without persistence.
 *
 * <p>Only valid objects are protected by copies. A block writes an object that is not valid yet
 * in place, since a crash frees it anyway: one allocated in the block, which an abort frees, and
 * also one allocated before the block and not yet validated or published, which an abort leaves
 * as the block wrote it. Publish an object before a block whose abort must restore its fields.
 *
 * <p>Generated wrappers use the bracket form:
 *
 * <pre>{@code
 * FailureAtomic.start();
 * boolean done = false;
 * try {
 *   ... body ...
 *   done = true;
 * } finally {
 *   if (done) FailureAtomic.end(); else FailureAtomic.abort();
 * }
 * }</pre>
 *
 * Users may prefer {@link #run(Runnable)} and {@link #call(Supplier)}.
 */
public final class FailureAtomic {
  private FailureAtomic() {}

  /** Opens a block, or a nested level of the current one. */
  public static void start() {
    Transaction.current().start();
  }

  /** Closes a level; closing the outermost commits the block. */
  public static void end() {
    Transaction.current().end();
  }

  /** Closes a level on an exception path; closing the outermost aborts the block. */
  public static void abort() {
    Transaction.current().abort();
  }

  /**
   * Runs {@code action} on this thread after the current outermost block commits; dropped if it
   * aborts. For volatile state kept beside persistent state, such as a map's mirror.
   */
  public static void onCommit(Runnable action) {
    Transaction.current().onEnd(action, true);
  }

  /** Runs {@code action} on this thread after the current outermost block aborts and is rolled back. */
  public static void onAbort(Runnable action) {
    Transaction.current().onEnd(action, false);
  }

  /**
   * True when the calling thread is inside a block. While it is not, this costs a constant (until
   * the first block of the process) or the load of a count that only threads of its slot write,
   * instead of a thread-local lookup: it is the negation of {@link Handle#directAccessAllowed()}.
   */
  public static boolean inBlock() {
    return !Handle.directAccessAllowed();
  }

  /** Runs {@code body} as one failure-atomic block. */
  public static void run(Runnable body) {
    start();
    boolean done = false;
    try {
      body.run();
      done = true;
    } finally {
      if (done) {
        end();
      } else {
        abort();
      }
    }
  }

  /** Runs {@code body} as one failure-atomic block and returns its result. */
  public static <T> T call(Supplier<T> body) {
    start();
    boolean done = false;
    try {
      T result = body.get();
      done = true;
      return result;
    } finally {
      if (done) {
        end();
      } else {
        abort();
      }
    }
  }
}
