/**
 * YCSB bindings for jnvm and for what it is measured against on the same machine: {@link
 * org.jnvm.bench.ycsb.jnvm.JnvmPdtBinding} (records as {@code PByteRecord}s in a pdt map), {@link
 * org.jnvm.bench.ycsb.jnvm.JnvmFaBinding} (records as persistent objects, updated in failure-atomic
 * blocks), {@link org.jnvm.bench.ycsb.jnvm.VolatileBinding} (the same on the Java heap, the upper
 * bound) and {@link org.jnvm.bench.ycsb.jnvm.BlackholeBinding} (nothing: the client's own cost).
 * The first three are built, as the peers are, on {@link org.jnvm.bench.ycsb.store}.
 */
package org.jnvm.bench.ycsb.jnvm;
