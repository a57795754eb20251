/**
 * Crash-consistency tests: simulated power failures with systematic crash injection (this package)
 * and real process kills ({@code kill}).
 *
 * <h2>The model</h2>
 *
 * {@link org.jnvm.crash.SimulatedPersistence} is a persistence backend that keeps a <em>durable
 * image</em> of the heap file beside the working mapping. Everything the file holds when it is
 * mapped is durable. Then:
 *
 * <ul>
 *   <li>{@code pwb(line)} records the line as pending, with a snapshot of its contents <em>at the
 *       pwb</em>;
 *   <li>{@code pfence} and {@code psync} copy the pending snapshots into the durable image;
 *   <li>a crash builds post-crash images: a line whose working contents equal its durable ones is
 *       kept; every other line keeps its durable contents or takes its current contents, and a
 *       pending line whose snapshot differs from both may also take the snapshot. The choice is made
 *       per line or per 8-byte word by an {@link org.jnvm.crash.Eviction} drawn from a seed.
 * </ul>
 *
 * The snapshot at the pwb is a little stricter than "copy the current contents at the fence": a
 * store after a pwb and before the fence is not made durable by that fence (real hardware may or
 * may not write it), so a protocol that forgets a pwb after a late store is caught.
 *
 * <p><b>8-byte atomicity.</b> Only aligned 8-byte stores are atomic across a power failure; a cache
 * line is not. Seeds {@code 0} (nothing evicted) and {@code 1} (everything evicted: the same image a
 * process kill leaves) are whole-image choices; even seeds from 2 choose per line ({@code LINE}),
 * odd seeds from 3 choose per 8-byte word of a dirty line ({@code WORD}), which tears lines. Every
 * crash point is checked with at least one seed of each mode. Field stores are at most 8 bytes and
 * naturally aligned, so no single store is torn inside a word.
 *
 * <h2>Limits, and whether they matter here</h2>
 *
 * <ul>
 *   <li><b>Intermediate values.</b> Between two fences a line (or a word, in {@code WORD} mode) can
 *       only come back as its durable value, its value at its last pwb, or its current value, not
 *       as a value it held in between. The runtime's protocols never depend on one: the words that
 *       publish (a root's or a field's reference, a block header, the bump mark, the registry length,
 *       a log's commit mark) are stored once between two fences, except the header word, which
 *       allocation writes as an invalid master and validation then sets valid; its in-between value
 *       (invalid master) means the same to recovery as its durable value (free). Payload lines hold
 *       many stores between fences, but only matter once the object is valid, and a valid object's
 *       payload was written back and fenced before validation. What the model cannot judge is the
 *       atomicity of several plain stores to a live object without a failure-atomic block, which no
 *       protocol promises.
 *   <li><b>Crash points are fences.</b> A crash between two fences leaves a subset of the states a
 *       crash at the second fence leaves (lines stored to later are then still at their earlier
 *       values, which the model can choose), except for the intermediate values above; so fences
 *       are enough, and there is no "every Nth store" point.
 *   <li><b>Ordering is Java program order.</b> The backend sees calls, not instructions: a JIT that
 *       moved a plain store across a pwb or a fence would not be noticed. That is what the backends'
 *       own fences (and {@code Memory.storeFence}) are for; they are not tested here.
 *   <li><b>Stores of an equal value</b> are invisible: the flushing figures see contents, so a pwb
 *       after storing the value a line already held counts as redundant.
 *   <li><b>One thread per scenario</b>, so interleavings of threads are not explored.
 * </ul>
 *
 * <h2>Crash injection and checks</h2>
 *
 * A {@link org.jnvm.crash.CrashScenario} is run once to count its fences {@code n}; crash point
 * {@code p < n} crashes at fence {@code p} before it takes effect, point {@code n} after the last
 * operation. For each point the scenario is rerun from a new heap to that point, and each post-crash
 * image is written to a file, opened (which recovers it) and checked by {@link
 * org.jnvm.crash.HeapChecker} and by the scenario's oracle. Then, for one image per point, the
 * recovery itself is crashed at each of its own fences (and just after it), the result recovered
 * again and checked, and its state compared with a single recovery's. {@link
 * org.jnvm.crash.Campaign} shares a budget of points among scenario families; {@code
 * CrashCampaignTest} documents the properties, including {@code -Dcrash.replay=scenario:point:seed}.
 *
 * <h2>Adding scenarios</h2>
 *
 * Failure-atomic blocks and pdt types add a {@link org.jnvm.crash.ScenarioFamily} to {@code
 * Scenarios.campaign()}: a scenario runs its operations and records in {@link org.jnvm.crash.History}
 * objects what each made durable (for a failure-atomic block, one history of the whole state, whose
 * entries are done when the block commits); its check compares the recovered heap with them. The
 * generic checks apply unchanged.
 */
package org.jnvm.crash;
