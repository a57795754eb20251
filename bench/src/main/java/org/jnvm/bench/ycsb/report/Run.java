package org.jnvm.bench.ycsb.report;

import org.jnvm.bench.ycsb.YcsbBinding;

/**
 * One workload's measured run for one binding and thread count, as a child reported it.
 *
 * @param map the pdt map (or its java.util counterpart) for the configurable bindings, else "-"
 * @param seconds from starting the client threads to the last one's end
 * @param p50Us median latency of an operation, all types together, in microseconds
 * @param p99Us 99th percentile latency
 * @param failed operations that did not return OK (Chronicle Map's refused scans, for one)
 */
record Run(YcsbBinding binding, String map, int threads, char workload, long ops, double seconds, double p50Us, double p99Us, long failed) {
  double opsPerSecond() {
    return ops / seconds;
  }

  /** Time per operation of one client thread: each thread runs its operations one after another. */
  double microsPerOp() {
    return threads * seconds * 1e6 / ops;
  }
}
