package org.jnvm.bench.ycsb.store;

import java.io.IOException;
import java.nio.file.Path;

/** Opens (creating if needed) one kind of store in a directory. */
@FunctionalInterface
public interface StoreOpener {
  RecordStore open(Path directory, StoreSizing sizing) throws IOException;
}
