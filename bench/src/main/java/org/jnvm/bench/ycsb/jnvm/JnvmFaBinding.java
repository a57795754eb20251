package org.jnvm.bench.ycsb.jnvm;

import org.jnvm.bench.ycsb.store.StoreBinding;

/**
 * YCSB binding for jnvm-fa: records as {@link FaRecord}s, persistent objects that hold ten values
 * of up to 100 bytes, in a pdt map (see {@link FaStore}); each update is one failure-atomic block.
 * Configured as {@link JnvmPdtBinding} is. Durable.
 */
public final class JnvmFaBinding extends StoreBinding {
  /** What the report prints for this store. */
  public static final String LABEL = "jnvm-fa (record = @Persistent class of 10 @Inline byte fields, failure-atomic updates; durable)";

  public JnvmFaBinding() {
    super(LABEL, properties -> {
      FaStore.checkFieldLength(properties);
      return (directory, sizing) -> new FaStore(JnvmConfig.of(properties), directory, sizing, FieldNames.of(properties));
    });
  }
}
