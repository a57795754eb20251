package org.jnvm.crash;

import java.util.function.LongSupplier;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;

/**
 * A deterministic sequence of heap operations, and what a crash anywhere in it may leave. Each run
 * starts from a new heap; the campaign counts the fences of a complete run, then reruns it once per
 * crash point and checks every post-crash image against the oracle the rerun recorded.
 *
 * <p>To add scenarios (failure-atomic blocks, pdt types), write a {@link ScenarioFamily} whose
 * variants are {@code CrashScenario}s and list it in {@link Scenarios}.
 */
public interface CrashScenario {
  /** Unique, without ':' or '/': it is part of the replay key. */
  String name();

  /** A fresh configuration of the heap to create; the campaign sets its persistence. */
  HeapConfig config();

  /**
   * A fresh run.
   *
   * @param fences the number of fences completed so far; after a crash, the number completed
   *     before it
   */
  Run newRun(LongSupplier fences);

  /** One run's operations and its oracle, which records what the operations made durable. */
  interface Run {
    /** Performs the operations on a new heap. A {@link CrashError} may leave it at any fence. */
    void execute(Heap heap);

    /** The scenario's own assertions about a heap recovered from a crash of this run. */
    void check(Recovered heap, Violations v);

    /** Operations performed so far, for the flushing figures. */
    long operations();
  }
}
