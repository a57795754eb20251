/**
 * Runnable samples of jnvm: the bank demo (the main job), the paper's Figures 3 and 5, and a
 * history of runs kept with a hand-written proxy; {@code org.jnvm.samples.Main} is the entry point.
 */
package org.jnvm.samples;
