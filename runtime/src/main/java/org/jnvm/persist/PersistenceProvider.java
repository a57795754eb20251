package org.jnvm.persist;

/** Creates the persistence backend of one heap, once its file is mapped. */
@FunctionalInterface
public interface PersistenceProvider {
  Persistence open(MappedFile file);
}
