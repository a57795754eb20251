package org.jnvm.bench.ycsb.store;

import java.util.Properties;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;

/**
 * How many records a store must hold and how big one is, from the YCSB properties of the run.
 * Stores that fix their capacity when created (Chronicle Map, LMDB's map size) size themselves
 * from it.
 *
 * @param entries the records loaded plus those the run's inserts may add
 * @param recordBytes the size of one record's byte form ({@link YcsbRecord})
 * @param sampleKey a key as long as YCSB's longest (hashed keys: "user" and up to 19 digits)
 */
public record StoreSizing(long entries, int recordBytes, String sampleKey) {
  /** Fewer entries than this make some stores' fixed overheads dominate; never size below it. */
  private static final long MIN_ENTRIES = 1_000;

  public static StoreSizing of(Properties properties) {
    long records = longProperty(properties, Client.RECORD_COUNT_PROPERTY, Client.DEFAULT_RECORD_COUNT);
    long operations = longProperty(properties, Client.OPERATION_COUNT_PROPERTY, "0");
    double insertShare = Double.parseDouble(properties.getProperty(CoreWorkload.INSERT_PROPORTION_PROPERTY, CoreWorkload.INSERT_PROPORTION_PROPERTY_DEFAULT));
    long inserted = (long) Math.ceil(operations * insertShare);
    int fields = Integer.parseInt(properties.getProperty(CoreWorkload.FIELD_COUNT_PROPERTY, CoreWorkload.FIELD_COUNT_PROPERTY_DEFAULT));
    int valueLength = Integer.parseInt(properties.getProperty(CoreWorkload.FIELD_LENGTH_PROPERTY, CoreWorkload.FIELD_LENGTH_PROPERTY_DEFAULT));
    String prefix = properties.getProperty(CoreWorkload.FIELD_NAME_PREFIX, CoreWorkload.FIELD_NAME_PREFIX_DEFAULT);
    String sampleName = prefix + (fields - 1);
    return new StoreSizing(Math.max(MIN_ENTRIES, records + inserted), YcsbRecord.encodedSize(fields, sampleName, valueLength), "user" + Long.MAX_VALUE);
  }

  private static long longProperty(Properties properties, String name, String fallback) {
    return Long.parseLong(properties.getProperty(name, fallback));
  }
}
