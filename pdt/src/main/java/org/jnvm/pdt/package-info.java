/** Persistent data types: collections whose state lives in the jnvm heap. */
package org.jnvm.pdt;
