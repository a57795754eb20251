package org.jnvm.bench.ycsb.jnvm;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jnvm.bench.ycsb.store.ShmDirectories;
import org.jnvm.bench.ycsb.store.StoreSizing;
import org.jnvm.bench.ycsb.store.YcsbRecord;
import org.jnvm.pdt.PBytes;
import org.jnvm.pdt.Policy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.StringByteIterator;

/**
 * A scan that a change overlapped: the striped guard makes it read again, each record under its
 * key's guard, and a record that a change of its key overlapped then is read again too; every read
 * done again must find the record the change stored, not the one it freed.
 */
class PMapStoreScanTest {
  private Path directory;
  private UpdatingStore store;

  @BeforeEach
  void open() throws IOException {
    directory = ShmDirectories.create();
    JnvmConfig config = new JnvmConfig(MapKind.SKIPLIST, Policy.CACHED, "none", 0);
    store = new UpdatingStore(config, directory);
  }

  @AfterEach
  void close() throws IOException {
    store.close();
    ShmDirectories.delete(directory);
  }

  @Test
  void aScannedRecordThatAnUpdateReplacedDuringItsReadIsReadAgainAsUpdated() {
    store.insert("user1", record("before"));
    store.insert("user2", record("second"));
    store.updateDuringNextRead("user1", record("after"));

    List<YcsbRecord> found = store.scan("user1", 2, null);

    assertEquals(1, store.updatesDone, "the update ran inside the scan's first read");
    assertEquals(List.of("after", "second"), found.stream().map(PMapStoreScanTest::value).toList());
  }

  @Test
  void aRecordThatUpdatesReplacedDuringBothTriesOfTheScanIsReadAsUpdatedLast() {
    store.insert("user1", record("before"));
    store.insert("user2", record("second"));
    // A scan of one record reads once a try: the first update makes the scan try again, guarded,
    // and the second overlaps the guarded read.
    store.updateDuringNextRead("user1", record("between"));
    store.updateDuringNextRead("user1", record("after"));

    List<YcsbRecord> found = store.scan("user1", 1, null);

    assertEquals(2, store.updatesDone);
    assertEquals(List.of("after"), found.stream().map(PMapStoreScanTest::value).toList());
  }

  @Test
  void aScannedRecordThatADeleteRemovedDuringItsReadIsLeftOut() {
    store.insert("user1", record("first"));
    store.insert("user2", record("second"));
    store.insert("user3", record("third"));
    store.deleteDuringNextRead("user1");

    List<YcsbRecord> found = store.scan("user1", 2, null);

    assertEquals(1, store.updatesDone);
    assertEquals(List.of("second", "third"), found.stream().map(PMapStoreScanTest::value).toList());
  }

  private static YcsbRecord record(String value) {
    return YcsbRecord.of(Map.of("field0", new StringByteIterator(value)));
  }

  private static String value(YcsbRecord record) {
    return new String(record.fields().get("field0"), UTF_8);
  }

  /**
   * Records as their byte form in one {@code PBytes}, replaced on update and freed, as jnvm-pdt's
   * are; it can change a key from inside the next read of a record, on the reading thread, after
   * the read has taken the record from the map and before the guard checks it.
   */
  private static final class UpdatingStore extends PMapStore<PBytes> {
    /** Changes to make, one at each read of a record from the next on: a key and its new fields, or null to delete it. */
    private final Deque<Map.Entry<String, YcsbRecord>> changes = new ArrayDeque<>();
    int updatesDone;

    UpdatingStore(JnvmConfig config, Path directory) {
      super(config.openHeap(directory, "scan", new StoreSizing(1_000, 64, "user1")), config);
    }

    void updateDuringNextRead(String key, YcsbRecord changes) {
      this.changes.add(new AbstractMap.SimpleEntry<>(key, changes));
    }

    void deleteDuringNextRead(String key) {
      changes.add(new AbstractMap.SimpleEntry<>(key, null));
    }

    @Override
    PBytes create(YcsbRecord record) {
      return PBytes.of(heap(), record.toBytes());
    }

    @Override
    YcsbRecord read(PBytes stored, Set<String> fields) {
      Map.Entry<String, YcsbRecord> change = changes.poll();
      if (change != null) {
        if (change.getValue() != null) {
          update(change.getKey(), change.getValue());
        } else {
          delete(change.getKey());
        }
        updatesDone++;
      }
      return YcsbRecord.decodeOwning(stored.toByteArray(), fields);
    }

    @Override
    PBytes changed(PBytes stored, YcsbRecord changes) {
      return PBytes.of(heap(), YcsbRecord.decodeOwning(stored.toByteArray(), null).with(changes).toBytes());
    }

    @Override
    void free(PBytes stored) {
      heap().free(stored);
    }
  }
}
