package org.jnvm.crash.scenarios;

/** The operations of {@link SlotsScenario}; each names the protocol it exercises. */
enum SlotOp {
  /** New object, pwb, atomic update of a slot; the old object is left for the recovery GC. */
  PUBLISH,
  /** The same, then pfence and free the old object: the protocol for replacing and freeing. */
  REPLACE_FREE,
  /** {@code Handle.updateRefAndFree}: the runtime's own replace-and-free. */
  UPDATE_AND_FREE,
  /** Atomic update to null, pfence, free the old object. */
  CLEAR,
  /** Allocate and drop: never written back, never validated. */
  GARBAGE,
  /** Allocate, pwb, validate, drop: valid but unreachable. */
  VALID_GARBAGE,
  /** Allocate, sometimes validate, free at once. */
  ALLOC_FREE,
  /** Store a reference to an invalid object, pwb, pfence: recovery must clear it. */
  LINK_INVALID,
  /** Validate the object a {@link #LINK_INVALID} left, then pfence: now it is live. */
  VALIDATE_LINKED,
  /** A bare pfence. */
  FENCE,
  /** Negative control: publish without writing the object back (its handle falsely says its creator did). */
  BROKEN_NO_PWB,
  /** Negative control: store and write back the reference before validating the object. */
  BROKEN_STORE_FIRST
}
