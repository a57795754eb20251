package org.jnvm.bench.ycsb.peers;

import java.io.IOException;
import java.nio.file.Path;

/** Opens (creating if needed) one kind of peer store in a directory. */
@FunctionalInterface
interface StoreOpener {
  RecordStore open(Path directory, StoreSizing sizing) throws IOException;
}
