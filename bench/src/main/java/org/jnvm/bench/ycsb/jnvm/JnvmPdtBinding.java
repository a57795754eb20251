package org.jnvm.bench.ycsb.jnvm;

import org.jnvm.bench.ycsb.store.StoreBinding;

/**
 * YCSB binding for jnvm-pdt: records as {@code PByteRecord}s in a pdt map (see {@link PdtStore}) on
 * a heap file in the store directory. The YCSB properties of {@link JnvmConfig} pick the map, the
 * policy (CACHED by default) and the backend (clwb by default). Durable: an update of one field
 * switches one word of its record to a slot written back before it, and any other change is
 * published with one atomic reference update.
 */
public final class JnvmPdtBinding extends StoreBinding {
  /** What the report prints for this store. */
  public static final String LABEL = "jnvm-pdt (record = one PByteRecord of its 10 values in a pdt map, one-field updates in place through a spare slot; durable)";

  public JnvmPdtBinding() {
    super(LABEL, properties -> (directory, sizing) -> new PdtStore(JnvmConfig.of(properties), directory, sizing, FieldNames.of(properties)));
  }
}
