package org.jnvm.persist;

import org.jnvm.memory.Memory;

/**
 * No write-back at all: for tmpfs, for volatile use, and for machines whose caches are inside the
 * persistence domain (eADR), where a store is durable once it is visible.
 */
final class NoPersistence implements Persistence {
  static final String NAME = "none";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void pwb(long address) {}

  @Override
  public void pwb(long address, long length) {}

  @Override
  public void pfence() {
    // Keeps the JIT from sinking earlier stores below a publishing store that follows.
    Memory.storeFence();
  }

  @Override
  public void psync() {
    Memory.storeFence();
  }
}
