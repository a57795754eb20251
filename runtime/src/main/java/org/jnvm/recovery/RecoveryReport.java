package org.jnvm.recovery;

/**
 * What the recovery at open found and did.
 *
 * @param liveObjects objects kept
 * @param liveBlocks blocks those objects occupy
 * @param freedBlocks blocks below the bump pointer that went to the free queue
 * @param clearedReferences references to invalid or malformed objects that were set to null
 * @param recoverCalls objects whose {@code recover()} ran
 * @param cleanShutdown whether the heap had been closed cleanly before this open
 * @param nanos time taken
 */
public record RecoveryReport(
    RecoveryMode mode,
    long liveObjects,
    long liveBlocks,
    long freedBlocks,
    long clearedReferences,
    long recoverCalls,
    boolean cleanShutdown,
    long nanos) {

  /** The same report with another duration: a second collection at open counts both. */
  public RecoveryReport withNanos(long total) {
    return new RecoveryReport(mode, liveObjects, liveBlocks, freedBlocks, clearedReferences, recoverCalls, cleanShutdown, total);
  }
}
