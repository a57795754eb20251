/**
 * What a persistent map costs outside its operations: the space small strings take with and
 * without the pools for small immutable objects (the paper's section 4.4), and the time a
 * million-entry map takes to resurrect under each caching policy. Written to the pdt-lifecycle
 * section of bench/RESULTS.md by {@link org.jnvm.bench.lifecycle.PdtLifecycleReport}.
 */
package org.jnvm.bench.lifecycle;
