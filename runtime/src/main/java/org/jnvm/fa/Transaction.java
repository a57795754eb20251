package org.jnvm.fa;

/**
 * The calling thread's failure-atomic state. This first version counts nesting only; the redo log,
 * in-flight copies, commit and abort come with the failure-atomic blocks issue.
 */
final class Transaction {
  private static final ThreadLocal<Transaction> CURRENT = ThreadLocal.withInitial(Transaction::new);

  private int depth;

  static Transaction current() {
    return CURRENT.get();
  }

  static int depth() {
    return CURRENT.get().depth;
  }

  void start() {
    depth++;
  }

  void end() {
    if (depth == 0) {
      throw new IllegalStateException("FailureAtomic.end() without a matching start()");
    }
    depth--;
  }

  void abort() {
    if (depth == 0) {
      throw new IllegalStateException("FailureAtomic.abort() without a matching start()");
    }
    depth--;
  }
}
