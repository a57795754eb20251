package org.jnvm.bench.ycsb.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The stores open in this process, one per kind and directory, each closed when the last binding
 * using it lets go. YCSB makes one binding per client thread, but none of the peers may be opened
 * twice at once in one process (MapDB and LMDB lock their files, Chronicle Map would map the file
 * twice), so the threads share one store.
 */
final class SharedStores {
  private record Key(String kind, Path directory) {}

  private static final class Shared {
    final RecordStore store;
    int users;

    Shared(RecordStore store) {
      this.store = store;
    }
  }

  private static final Map<Key, Shared> OPEN = new HashMap<>();

  private SharedStores() {}

  /** The store of {@code kind} in {@code directory}, opened by {@code opener} if no lease holds it. */
  static synchronized Lease acquire(String kind, Path directory, StoreSizing sizing, StoreOpener opener) throws IOException {
    Key key = new Key(kind, directory.toAbsolutePath().normalize());
    Shared shared = OPEN.get(key);
    if (shared == null) {
      shared = new Shared(opener.open(key.directory(), sizing));
      OPEN.put(key, shared);
    }
    shared.users++;
    return new Lease(key, shared.store);
  }

  private static synchronized void release(Key key) throws IOException {
    Shared shared = OPEN.get(key);
    if (--shared.users == 0) {
      OPEN.remove(key);
      shared.store.close();
    }
  }

  /** One binding's hold on a shared store; closing it more than once has no further effect. */
  static final class Lease {
    private final Key key;
    private final RecordStore store;
    private boolean released;

    private Lease(Key key, RecordStore store) {
      this.key = key;
      this.store = store;
    }

    RecordStore store() {
      return store;
    }

    void release() throws IOException {
      if (!released) {
        released = true;
        SharedStores.release(key);
      }
    }
  }
}
