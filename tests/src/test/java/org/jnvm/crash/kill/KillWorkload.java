package org.jnvm.crash.kill;

import java.util.function.LongConsumer;
import org.jnvm.crash.Recovered;
import org.jnvm.crash.Violations;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;

/**
 * What a child JVM does until it is killed, and what the parent checks after each kill. Workloads
 * are listed in {@link KillWorkloads}; the TPC-B bank in failure-atomic blocks is one more.
 */
public interface KillWorkload {
  /** The name the child is started with. */
  String name();

  /** The geometry of the heap, which the parent creates before the first child starts. */
  HeapConfig config();

  /**
   * Child side: works on the heap until the process is killed. After each step is durable it calls
   * {@code committed} with the step's id; ids are positive.
   */
  void run(Heap heap, LongConsumer committed);

  /**
   * Parent side, after a kill: checks the recovered heap against every id any child reported, in
   * the order they were reported.
   */
  void check(Recovered heap, Reports reported, Violations v);
}
