/**
 * A TPC-B-like bank (branches, tellers, accounts, history) in two forms that share one model and
 * one audit: persistent, one failure-atomic block per transaction, and volatile, plain Java
 * objects. The crash tests kill processes that run it; the bench module measures it.
 */
package org.jnvm.samples.tpcb;
