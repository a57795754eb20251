package org.jnvm.bench.ycsb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jnvm.bench.ycsb.jnvm.MapKind;
import org.jnvm.bench.ycsb.store.ShmDirectories;
import org.jnvm.bench.ycsb.store.StoreBinding;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Each store binding (the peers, jnvm-pdt and jnvm-fa on every pdt map, volatile on each map it
 * stands in for), called as YCSB calls it, keeps what it is given and gives back what it keeps.
 */
class StoreBindingsTest {
  private static final String TABLE = "usertable";
  private static final int RECORDS = 300;
  private static final int FIELDS = 10;
  private static final int VALUE_BYTES = 100;

  private Path storeDirectory;
  private final List<DB> opened = new ArrayList<>();

  @BeforeEach
  void createStoreDirectory() throws IOException {
    storeDirectory = ShmDirectories.create();
  }

  @AfterEach
  void closeAndDelete() throws DBException, IOException {
    for (DB db : opened) {
      db.cleanup();
    }
    ShmDirectories.delete(storeDirectory);
  }

  private DB open(BindingCase kind) throws ReflectiveOperationException, DBException {
    Properties properties = kind.properties(storeDirectory);
    properties.setProperty("recordcount", String.valueOf(RECORDS));
    DB db = kind.newBinding();
    db.setProperties(properties);
    db.init();
    opened.add(db);
    return db;
  }

  /** Records with random keys and values, by key in string order (the order scans return). */
  private static NavigableMap<String, Map<String, byte[]>> randomRecords(long seed) {
    Random random = new Random(seed);
    NavigableMap<String, Map<String, byte[]>> records = new TreeMap<>();
    while (records.size() < RECORDS) {
      Map<String, byte[]> fields = new HashMap<>();
      for (int f = 0; f < FIELDS; f++) {
        fields.put("field" + f, randomValue(random));
      }
      records.put("user" + (random.nextLong() >>> 1), fields);
    }
    return records;
  }

  private static byte[] randomValue(Random random) {
    byte[] value = new byte[VALUE_BYTES];
    random.nextBytes(value);
    return value;
  }

  private static Map<String, ByteIterator> iterators(Map<String, byte[]> fields) {
    Map<String, ByteIterator> values = new HashMap<>();
    fields.forEach((name, value) -> values.put(name, new ByteArrayByteIterator(value.clone())));
    return values;
  }

  private static void insertAll(DB db, Map<String, Map<String, byte[]>> records) {
    records.forEach((key, fields) -> assertEquals(Status.OK, db.insert(TABLE, key, iterators(fields)), key));
  }

  private DB openLoaded(BindingCase kind, Map<String, Map<String, byte[]>> records) throws ReflectiveOperationException, DBException {
    DB db = open(kind);
    insertAll(db, records);
    return db;
  }

  private static Map<String, byte[]> bytes(Map<String, ByteIterator> row) {
    Map<String, byte[]> bytes = new HashMap<>();
    row.forEach((name, value) -> bytes.put(name, value.toArray()));
    return bytes;
  }

  private static Map<String, byte[]> read(DB db, String key, Set<String> fields) {
    Map<String, ByteIterator> result = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, key, fields, result), key);
    return bytes(result);
  }

  private static void assertFields(Map<String, byte[]> expected, Map<String, byte[]> actual, String key) {
    assertEquals(expected.keySet(), actual.keySet(), key);
    expected.forEach((name, value) -> assertArrayEquals(value, actual.get(name), key + " " + name));
  }

  @ParameterizedTest
  @MethodSource("org.jnvm.bench.ycsb.BindingCase#stores")
  void readsGiveBackWhatWasInserted(BindingCase kind) throws Exception {
    NavigableMap<String, Map<String, byte[]>> records = randomRecords(1);
    DB db = openLoaded(kind, records);

    Set<String> some = Set.of("field3", "field7");
    records.forEach((key, fields) -> {
      assertFields(fields, read(db, key, null), key);
      Map<String, byte[]> subset = new HashMap<>(fields);
      subset.keySet().retainAll(some);
      assertFields(subset, read(db, key, some), key);
    });
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "user-never-inserted", null, new HashMap<>()));
  }

  @ParameterizedTest
  @MethodSource("org.jnvm.bench.ycsb.BindingCase#stores")
  void updatesChangeOnlyTheFieldsTheyCarry(BindingCase kind) throws Exception {
    NavigableMap<String, Map<String, byte[]>> records = randomRecords(2);
    DB db = openLoaded(kind, records);
    Random random = new Random(3);
    int i = 0;
    for (Map.Entry<String, Map<String, byte[]>> record : records.entrySet()) {
      // One field (jnvm-pdt changes it in place), two at once (jnvm-pdt copies the record), or an
      // empty value, and some records changed twice.
      Map<String, byte[]> change = switch (i++ % 4) {
        case 0 -> Map.of("field2", randomValue(random));
        case 1 -> Map.of("field1", randomValue(random), "field8", randomValue(random));
        case 2 -> Map.of("field9", new byte[0]);
        default -> Map.of();
      };
      for (int times = i % 3 == 0 ? 2 : 1; times > 0 && !change.isEmpty(); times--) {
        assertEquals(Status.OK, db.update(TABLE, record.getKey(), iterators(change)));
        record.getValue().putAll(change);
      }
    }

    records.forEach((key, fields) -> assertFields(fields, read(db, key, null), key));
    assertEquals(Status.NOT_FOUND, db.update(TABLE, "user-never-inserted", iterators(Map.of("field0", new byte[1]))));
  }

  @ParameterizedTest
  @MethodSource("org.jnvm.bench.ycsb.BindingCase#stores")
  @SuppressWarnings("JdkObsolete") // YCSB's scan fills a Vector
  void scansWalkKeysInOrderWhereTheStoreHasAnOrder(BindingCase kind) throws Exception {
    NavigableMap<String, Map<String, byte[]>> records = randomRecords(4);
    DB db = openLoaded(kind, records);
    List<String> keys = new ArrayList<>(records.keySet());
    Vector<HashMap<String, ByteIterator>> result = new Vector<>();

    // Starting just before the 100th key (a key that is not there) must find it first.
    Status status = db.scan(TABLE, keys.get(100).substring(0, keys.get(100).length() - 1), 25, null, result);

    if (!kind.scans()) {
      assertEquals(Status.NOT_IMPLEMENTED, status, "the store has no key order");
      return;
    }
    assertEquals(Status.OK, status);
    assertEquals(25, result.size());
    for (int i = 0; i < result.size(); i++) {
      assertFields(records.get(keys.get(100 + i)), bytes(result.get(i)), keys.get(100 + i));
    }
    Vector<HashMap<String, ByteIterator>> tail = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, keys.get(RECORDS - 3), 10, Set.of("field1"), tail));
    assertEquals(3, tail.size(), "a scan stops at the last key");
    tail.forEach(row -> assertEquals(Set.of("field1"), row.keySet()));
  }

  @ParameterizedTest
  @MethodSource("org.jnvm.bench.ycsb.BindingCase#stores")
  void deletedRecordsAreGone(BindingCase kind) throws Exception {
    NavigableMap<String, Map<String, byte[]>> records = randomRecords(5);
    DB db = openLoaded(kind, records);
    List<String> deleted = new ArrayList<>(records.keySet()).subList(0, RECORDS / 2);

    deleted.forEach(key -> assertEquals(Status.OK, db.delete(TABLE, key), key));

    records.forEach((key, fields) -> {
      if (deleted.contains(key)) {
        assertEquals(Status.NOT_FOUND, db.read(TABLE, key, null, new HashMap<>()), key);
      } else {
        assertFields(fields, read(db, key, null), key);
      }
    });
    assertEquals(Status.NOT_FOUND, db.delete(TABLE, deleted.get(0)));
  }

  @ParameterizedTest
  @MethodSource("org.jnvm.bench.ycsb.BindingCase#stores")
  void theBindingsOfAProcessShareOneStoreThatOutlivesThem(BindingCase kind) throws Exception {
    NavigableMap<String, Map<String, byte[]>> records = randomRecords(6);
    String firstKey = records.firstKey();
    String lastKey = records.lastKey();
    DB first = open(kind);
    DB second = open(kind);

    assertEquals(Status.OK, first.insert(TABLE, firstKey, iterators(records.get(firstKey))));
    assertFields(records.get(firstKey), read(second, firstKey, null), firstKey);
    first.cleanup();
    opened.remove(first);
    assertEquals(Status.OK, second.insert(TABLE, lastKey, iterators(records.get(lastKey))), "the store stays open while a binding uses it");
    second.cleanup();
    opened.remove(second);

    if (!kind.durable()) {
      return;
    }
    DB reopened = open(kind);
    assertFields(records.get(firstKey), read(reopened, firstKey, null), firstKey);
    assertFields(records.get(lastKey), read(reopened, lastKey, null), lastKey);
  }

  @ParameterizedTest
  @MethodSource("org.jnvm.bench.ycsb.BindingCase#stores")
  void aBulkLoadIsAllThereOnceItEnds(BindingCase kind) throws Exception {
    NavigableMap<String, Map<String, byte[]>> records = randomRecords(8);
    StoreBinding db = (StoreBinding) open(kind);
    db.bulkLoad(true);
    insertAll(db, records);
    records.forEach((key, fields) -> assertFields(fields, read(db, key, null), key));
    db.bulkLoad(false);
    db.cleanup();
    opened.remove(db);

    if (!kind.durable()) {
      return;
    }
    DB reopened = open(kind);
    records.forEach((key, fields) -> assertFields(fields, read(reopened, key, null), key));
  }

  @ParameterizedTest
  @MethodSource("org.jnvm.bench.ycsb.BindingCase#stores")
  void twoThreadsUpdatingOtherFieldsOfTheSameRecordsLoseNoUpdate(BindingCase kind) throws Exception {
    NavigableMap<String, Map<String, byte[]>> records = randomRecords(7);
    List<String> keys = new ArrayList<>(records.keySet()).subList(0, 20);
    DB[] threadsBindings = {open(kind), open(kind)};
    insertAll(threadsBindings[0], records);
    int rounds = 10;

    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 2; t++) {
        DB db = threadsBindings[t];
        String field = "field" + t;
        done.add(threads.submit(() -> {
          for (int round = 0; round < rounds; round++) {
            for (String key : keys) {
              assertEquals(Status.OK, db.update(TABLE, key, iterators(Map.of(field, value(field, round)))));
            }
          }
        }));
      }
      for (Future<?> thread : done) {
        thread.get();
      }
    } finally {
      threads.shutdown();
    }

    for (String key : keys) {
      Map<String, byte[]> fields = read(threadsBindings[0], key, Set.of("field0", "field1", "field2"));
      assertArrayEquals(value("field0", rounds - 1), fields.get("field0"), key);
      assertArrayEquals(value("field1", rounds - 1), fields.get("field1"), key);
      assertArrayEquals(records.get(key).get("field2"), fields.get("field2"), key);
    }
  }

  private static byte[] value(String field, int round) {
    return (field + " of round " + round).getBytes(StandardCharsets.UTF_8);
  }

  @ParameterizedTest
  @MethodSource("org.jnvm.bench.ycsb.BindingCase#stores")
  void withoutAStoreDirectoryInitSaysWhatIsMissing(BindingCase kind) throws Exception {
    DB db = kind.newBinding();
    db.setProperties(new Properties());

    DBException failure = assertThrows(DBException.class, db::init);

    assertTrue(failure.getMessage().contains(StoreBinding.STORE_DIR_PROPERTY), failure.getMessage());
    assertEquals(Status.ERROR, db.read(TABLE, "user1", null, new HashMap<>()));
  }

  @Test
  void jnvmPdtTakesValuesLongerThanTheWorkloadsFieldLength() throws Exception {
    BindingCase pdt = new BindingCase(YcsbBinding.JNVM_PDT, MapKind.values()[0]);
    NavigableMap<String, Map<String, byte[]>> records = randomRecords(4);
    DB db = openLoaded(pdt, records);
    Random random = new Random(5);
    String key = records.firstKey();
    Map<String, byte[]> fields = records.get(key);
    byte[] longer = new byte[3 * VALUE_BYTES];
    random.nextBytes(longer);
    // The first copies the record into a wider one; the second changes the wider one in place.
    for (Map<String, byte[]> change : List.of(Map.of("field4", longer), Map.of("field5", longer.clone()))) {
      assertEquals(Status.OK, db.update(TABLE, key, iterators(change)));
      fields.putAll(change);
      assertFields(fields, read(db, key, null), key);
    }
    records.forEach((k, f) -> assertFields(f, read(db, k, null), k));
  }

  @Test
  void jnvmFaRefusesValuesLongerThanItsRecordsHold() throws Exception {
    Properties properties = new BindingCase(YcsbBinding.JNVM_FA, MapKind.values()[0]).properties(storeDirectory);
    properties.setProperty("fieldlength", "101");
    DB db = new BindingCase(YcsbBinding.JNVM_FA, MapKind.values()[0]).newBinding();
    db.setProperties(properties);

    DBException failure = assertThrows(DBException.class, db::init);

    assertTrue(failure.getMessage().contains("fieldlength is 101: set it to 100 or less"), failure.getMessage());
  }
}
