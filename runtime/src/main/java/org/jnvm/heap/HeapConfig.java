package org.jnvm.heap;

import java.util.Objects;
import org.jnvm.errors.Errors;
import org.jnvm.persist.Backends;
import org.jnvm.persist.PersistenceProvider;
import org.jnvm.recovery.RecoveryMode;

/**
 * Options for creating and opening a heap. The geometry options (size, block size, root capacity,
 * registry size) matter only when a heap is created; an existing heap keeps its own.
 */
public final class HeapConfig {
  public static final int DEFAULT_BLOCK_SIZE = 256;
  public static final int DEFAULT_ROOT_CAPACITY = 64;
  public static final long DEFAULT_REGISTRY_BYTES = 64 * 1024;

  private long size;
  private int blockSize = DEFAULT_BLOCK_SIZE;
  private int rootCapacity = DEFAULT_ROOT_CAPACITY;
  private long registryBytes = DEFAULT_REGISTRY_BYTES;
  private String persistenceName;
  private PersistenceProvider persistence;
  private RecoveryMode recovery = RecoveryMode.GC;
  private long prefaultBytes;

  private HeapConfig() {}

  /** Options for a heap of {@code size} bytes (rounded down to whole blocks) when it is created. */
  public static HeapConfig ofSize(long size) {
    HeapConfig c = new HeapConfig();
    c.size = size;
    return c;
  }

  /** Options for opening an existing heap, whose size is read from the file. */
  public static HeapConfig existing() {
    return new HeapConfig();
  }

  /** Block size for a new heap: a power of two from 64 B to 1 MiB. */
  public HeapConfig blockSize(int bytes) {
    this.blockSize = bytes;
    return this;
  }

  public HeapConfig rootCapacity(int entries) {
    this.rootCapacity = entries;
    return this;
  }

  public HeapConfig registryBytes(long bytes) {
    this.registryBytes = bytes;
    return this;
  }

  /**
   * The persistence backend by name: {@code auto}, {@code clwb}, {@code msync}, {@code none} or
   * {@code patched}. Without this option the system property {@code jnvm.persistence} decides, and
   * without that, {@code auto}.
   */
  public HeapConfig persistence(String name) {
    Backends.named(name);
    this.persistenceName = name;
    this.persistence = null;
    return this;
  }

  /** A backend of one's own; this is how tests plug in a simulated power failure. */
  public HeapConfig persistence(PersistenceProvider provider) {
    this.persistence = Objects.requireNonNull(provider);
    this.persistenceName = null;
    return this;
  }

  public HeapConfig recovery(RecoveryMode mode) {
    this.recovery = Objects.requireNonNull(mode);
    return this;
  }

  /**
   * Keeps the pages of {@code bytes} of never-used blocks, beyond those the heap has handed out,
   * mapped in by a daemon thread of the heap's, so that allocations in a growing heap do not each
   * take the kernel's first-touch fault of a page (several microseconds on a virtual machine). The
   * price is that much more memory in use before any object needs it, and a thread per open heap.
   * 0, the default, turns it off. Like PMDK's {@code prefault} controls, it changes no data.
   */
  public HeapConfig prefault(long bytes) {
    if (bytes < 0) {
      throw Errors.negativePrefault(bytes);
    }
    this.prefaultBytes = bytes;
    return this;
  }

  long size() {
    return size;
  }

  int blockSize() {
    return blockSize;
  }

  int rootCapacity() {
    return rootCapacity;
  }

  long registryBytes() {
    return registryBytes;
  }

  long prefaultBytes() {
    return prefaultBytes;
  }

  RecoveryMode recoveryMode() {
    return recovery;
  }

  PersistenceProvider persistenceProvider() {
    if (persistence != null) {
      return persistence;
    }
    return Backends.named(persistenceName != null ? persistenceName : Backends.configuredName());
  }
}
