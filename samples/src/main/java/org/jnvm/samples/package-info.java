/** Runnable samples of the jnvm framework; {@code org.jnvm.samples.Main} is the entry point. */
package org.jnvm.samples;
