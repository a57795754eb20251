package org.jnvm.bench.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import org.jnvm.bench.ycsb.store.ShmDirectories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import site.ycsb.DB;
import site.ycsb.DBFactory;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;
import site.ycsb.workloads.CoreWorkload;

/**
 * Each binding, in each configuration, under YCSB's own classes, as its client drives it: made by
 * {@code DBFactory}, loaded and then exercised by {@code CoreWorkload} with data integrity on, so
 * that every read of a store is checked against the values the workload wrote (the blackhole keeps
 * nothing: its reads find nothing to check, and it must only answer every call OK).
 */
class CoreWorkloadSmokeTest {
  private static final int RECORDS = 200;
  private static final int OPERATIONS = 300;

  private Path storeDirectory;

  @BeforeEach
  void createStoreDirectory() throws IOException {
    storeDirectory = ShmDirectories.create();
  }

  @AfterEach
  void deleteStoreDirectory() throws IOException {
    ShmDirectories.delete(storeDirectory);
  }

  private Properties workload(BindingCase kind) {
    Properties properties = kind.properties(storeDirectory);
    properties.setProperty("recordcount", String.valueOf(RECORDS));
    properties.setProperty("operationcount", String.valueOf(OPERATIONS));
    // The blackhole's reads find nothing, which the integrity check would count as errors.
    properties.setProperty(CoreWorkload.DATA_INTEGRITY_PROPERTY, String.valueOf(kind.binding() != YcsbBinding.BLACKHOLE));
    properties.setProperty(CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY, "zipfian");
    properties.setProperty(CoreWorkload.READ_PROPORTION_PROPERTY, "0.4");
    properties.setProperty(CoreWorkload.UPDATE_PROPORTION_PROPERTY, "0.2");
    properties.setProperty(CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY, "0.2");
    properties.setProperty(CoreWorkload.INSERT_PROPORTION_PROPERTY, "0.1");
    // Chronicle Map and the hash maps cannot scan; their refusal is checked in StoreBindingsTest.
    properties.setProperty(CoreWorkload.SCAN_PROPORTION_PROPERTY, kind.scans() ? "0.1" : "0");
    return properties;
  }

  @ParameterizedTest
  @MethodSource("org.jnvm.bench.ycsb.BindingCase#all")
  void aLoadAndAMixOfOperationsAllSucceedAndReadBackTheWorkloadsValues(BindingCase kind) throws Exception {
    Properties properties = workload(kind);
    Measurements.setProperties(properties);
    long verifiedBefore = verifications().getOrDefault("OK", 0L);
    CoreWorkload workload = new CoreWorkload();
    workload.init(properties);
    Tracer tracer = new Tracer.Builder("peers-smoke").conf(HTraceConfiguration.EMPTY).build();
    StatusRecorder db = new StatusRecorder(DBFactory.newDB(kind.binding().type().getName(), properties, tracer));

    db.init();
    Object thread = workload.initThread(properties, 0, 1);
    for (int i = 0; i < RECORDS; i++) {
      assertTrue(workload.doInsert(db, thread), "insert " + i);
    }
    for (int i = 0; i < OPERATIONS; i++) {
      workload.doTransaction(db, thread);
    }
    db.cleanup();
    workload.cleanup();

    assertEquals(List.of(), db.failures);
    if (kind.binding() == YcsbBinding.BLACKHOLE) {
      return;
    }
    Map<String, Long> verifications = verifications();
    assertEquals(Set.of("OK"), verifications.keySet(), "every read matched what the workload wrote: " + verifications);
    assertTrue(verifications.get("OK") > verifiedBefore, "reads were checked");
  }

  /**
   * How many rows CoreWorkload's integrity check found with each status, in this JVM so far (its
   * measurements are one per process): "OK", or "UNEXPECTED_STATE" for a value that differs.
   */
  private static Map<String, Long> verifications() throws IOException {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    try (TextMeasurementsExporter exporter = new TextMeasurementsExporter(text)) {
      Measurements.getMeasurements().exportMeasurements(exporter);
    }
    Map<String, Long> counts = new HashMap<>();
    String prefix = "[VERIFY], Return=";
    text.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith(prefix)).forEach(line -> {
      String[] parts = line.substring(prefix.length()).split(",\\s*", -1);
      counts.put(parts[0], Long.parseLong(parts[1]));
    });
    return counts;
  }

  /** Passes every call on and keeps each one that did not return OK. */
  private static final class StatusRecorder extends ObservedDB {
    final List<String> failures = new ArrayList<>();

    StatusRecorder(DB db) {
      super(db);
    }

    @Override
    protected Status observed(String operation, String key, long startNanos, Status status) {
      if (!status.isOk()) {
        failures.add(operation + " " + key + ": " + status);
      }
      return status;
    }
  }
}
