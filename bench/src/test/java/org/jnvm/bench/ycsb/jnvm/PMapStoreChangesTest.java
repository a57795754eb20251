package org.jnvm.bench.ycsb.jnvm;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.jnvm.bench.ycsb.store.ShmDirectories;
import org.jnvm.bench.ycsb.store.StoreSizing;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.jnvm.pdt.Policy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.StringByteIterator;

/**
 * The changes of jnvm-pdt's store, in every map kind, free what they take out of the map, the
 * map's own key included, and keep the one key a record has, durably.
 */
class PMapStoreChangesTest {
  private Path directory;
  private PdtStore store;

  @BeforeEach
  void createDirectory() throws IOException {
    directory = ShmDirectories.create();
  }

  @AfterEach
  void close() throws IOException {
    if (store != null) {
      store.close();
    }
    ShmDirectories.delete(directory);
  }

  private PdtStore open(MapKind kind) {
    JnvmConfig config = new JnvmConfig(kind, Policy.CACHED, "none", 0);
    store = new PdtStore(config, directory, new StoreSizing(1_000, 1_100, "user1"), FieldNames.of(new Properties()));
    return store;
  }

  private PdtStore reopen(MapKind kind) {
    store.close();
    return open(kind);
  }

  @ParameterizedTest
  @EnumSource(MapKind.class)
  void aKeyInsertedAndDeletedAgainAndAgainLeavesNoBlockBehind(MapKind kind) {
    open(kind);
    store.insert("user1", record("kept"));
    // A first round, so that the pool blocks a second key and record need beside the first are
    // already there: a freed slot goes back to its pool block, not to the heap's available blocks.
    store.insert("user2", record("first"));
    assertTrue(store.delete("user2"));
    long available = store.heap().availableBlocks();

    for (int i = 0; i < 50; i++) {
      store.insert("user2", record("round " + i));
      assertEquals("round " + i, value(store.read("user2", null)));
      assertTrue(store.delete("user2"));
    }

    assertEquals(available, store.heap().availableBlocks(), "every delete frees the record and the map's key");
    assertFalse(store.delete("user2"), "a deleted key has nothing left to delete");
    assertEquals(Optional.empty(), store.read("user2", null));
    assertEquals("kept", value(reopen(kind).read("user1", null)));
    assertEquals(Optional.empty(), store.read("user2", null), "the delete was durable");
  }

  @ParameterizedTest
  @EnumSource(MapKind.class)
  void insertingAKeyThatHasARecordReplacesItAndFreesTheOldOne(MapKind kind) {
    open(kind);
    store.insert("user1", record("first"));
    // A first replacement, so that the pool blocks a second record needs beside the first are
    // already there: a freed slot goes back to its pool block, not to the heap's available blocks.
    store.insert("user1", record("second"));
    long available = store.heap().availableBlocks();

    for (int i = 0; i < 50; i++) {
      store.insert("user1", record("version " + i));
    }

    assertEquals(available, store.heap().availableBlocks(), "each insert frees the record it replaces and adds no key");
    assertEquals("version 49", value(reopen(kind).read("user1", null)));
    if (kind.ordered()) {
      assertEquals(1, store.scan("user0", 10, null).size(), "the map holds the key once");
    }
  }

  private static YcsbRecord record(String value) {
    return YcsbRecord.of(Map.of("field0", new StringByteIterator(value)));
  }

  private static String value(Optional<YcsbRecord> record) {
    return new String(record.orElseThrow().fields().get("field0"), UTF_8);
  }
}
