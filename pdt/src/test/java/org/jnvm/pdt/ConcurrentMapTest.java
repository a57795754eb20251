package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.jnvm.PObject;
import org.jnvm.heap.Heap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The concurrent maps used by several threads at once, then reopened. */
class ConcurrentMapTest extends HeapTest {
  private static final int THREADS = 4;
  private static final int KEYS_PER_THREAD = 2000;

  private static <V extends PObject> PMap<PLong, V> create(Heap heap, Policy policy, boolean sorted) {
    return sorted ? new PSkipListMap<>(heap, policy) : new PConcurrentHashMap<>(heap, policy);
  }

  static Stream<Arguments> kindsAndPolicies() {
    return Stream.of(false, true).flatMap(sorted -> Stream.of(Policy.values()).map(p -> Arguments.of(sorted, p)));
  }

  @ParameterizedTest(name = "sorted={0} {1}")
  @MethodSource("kindsAndPolicies")
  void threadsInsertingRemovingAndCountingLoseNothing(boolean sorted, Policy policy) throws Exception {
    Heap h = heap.heap();
    PMap<PLong, PLong> map = create(h, policy, sorted);
    String root = sorted ? "skiplist" : "hash";
    h.roots().put(root, map);
    PLong counter = PLong.of(h, -1);
    map.put(counter, PLong.of(h, 0));
    ConcurrentMap<PLong, PLong> shared = (ConcurrentMap<PLong, PLong>) map;
    AtomicLong increments = new AtomicLong();
    CyclicBarrier start = new CyclicBarrier(THREADS);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        done.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < KEYS_PER_THREAD; i++) {
                    long key = (long) thread * KEYS_PER_THREAD + i;
                    map.put(PLong.of(h, key), PLong.of(h, key * 10));
                    if (i % 3 == 0) {
                      map.remove(PLong.of(h, key));
                    }
                    // A contended key: an atomic read-modify-write through ConcurrentMap.
                    if (i % 50 == 0) {
                      PLong probe = PLong.of(h, -1);
                      while (true) {
                        PLong now = shared.get(probe);
                        if (shared.replace(probe, now, PLong.of(h, now.longValue() + 1))) {
                          break;
                        }
                      }
                      increments.incrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    int expectedSize = 1 + THREADS * (KEYS_PER_THREAD - (KEYS_PER_THREAD + 2) / 3);
    assertEquals(expectedSize, map.size());
    assertEquals(increments.get(), map.get(PLong.of(h, -1)).longValue());

    Heap reopened = heap.reopen();
    @SuppressWarnings("unchecked")
    PMap<PLong, PLong> back = reopened.roots().get(root, PMap.class);
    assertEquals(expectedSize, back.size());
    assertEquals(increments.get(), back.get(PLong.of(reopened, -1)).longValue());
    for (Map.Entry<PLong, PLong> e : back.entrySet()) {
      long key = e.getKey().longValue();
      assertTrue(key == -1 || (key % KEYS_PER_THREAD) % 3 != 0, "removed key " + key + " is back");
      assertEquals(key == -1 ? increments.get() : key * 10, e.getValue().longValue());
    }
    assertNull(back.get(PLong.of(reopened, 0)));
  }

  /**
   * Readers of one key while a writer replaces its value: a reader sees only values the writer
   * put, never going back, and once the writer is done every proxy cache holds the last value
   * (a reader that read an old reference must not cache it over the new one).
   */
  @ParameterizedTest(name = "sorted={0} {1}")
  @MethodSource("kindsAndPolicies")
  void readersOfAKeyBeingReplacedSeeOnlyItsValuesInOrder(boolean sorted, Policy policy) throws Exception {
    Heap h = heap.heap();
    PMap<PLong, PLong> map = create(h, policy, sorted);
    int writes = 3000;
    replaceWhileReading(map, PLong.of(h, 1), writes, i -> PLong.of(h, i), PLong::longValue);
    assertEquals(writes, map.get(PLong.of(h, 1)).longValue());
  }

  /**
   * Puts values 0 to {@code writes} under {@code key}, in order, while other threads read it
   * without a lock until they see the last: a reader must never go back to an earlier value, and a
   * stale cache would keep it from ever seeing the last one.
   */
  private static <V extends PObject> void replaceWhileReading(PMap<PLong, V> map, PLong key, int writes, IntFunction<V> value, ToLongFunction<V> number)
      throws Exception {
    replaceWhileReading(map, key, () -> map.get(key), writes, value, number);
  }

  /** As above, with readers that look the key up with {@code read}. */
  private static <K extends PObject, V extends PObject> void replaceWhileReading(
      PMap<K, V> map, K key, Supplier<V> read, int writes, IntFunction<V> value, ToLongFunction<V> number) throws Exception {
    map.put(key, value.apply(0));
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<?>> readers = new ArrayList<>();
      for (int t = 0; t < THREADS - 1; t++) {
        readers.add(
            pool.submit(
                () -> {
                  long last = 0;
                  V lastFound = null;
                  while (last < writes) {
                    V found = read.get();
                    assertTrue(found != null, "the key went missing after value " + last);
                    long now = number.applyAsLong(found);
                    if (now < last) {
                      // What a rare failure needs to be told apart: an old reference read again, an
                      // old proxy handed out again, or a block that two values shared.
                      V next = read.get();
                      fail("went back from " + last + " at offset " + lastFound.handle().offset() + " to " + now + " at offset "
                          + found.handle().offset() + (found == lastFound ? ", the same proxy" : "") + "; the map now gives "
                          + (next == null ? "nothing" : number.applyAsLong(next) + " at offset " + next.handle().offset()));
                    }
                    last = now;
                    lastFound = found;
                  }
                  return null;
                }));
      }
      for (int i = 1; i <= writes; i++) {
        map.put(key, value.apply(i));
      }
      for (Future<?> r : readers) {
        r.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdown();
    }
  }

  /**
   * Readers of one key while a writer replaces its value with values of other classes and sizes,
   * pooled and of several blocks: each value a reader gets is whole, never one value's class or
   * size over another's bytes, as a kept reference and a kept shape that do not go together would
   * give.
   */
  @ParameterizedTest(name = "sorted={0} {1}")
  @MethodSource("kindsAndPolicies")
  void readersOfAKeyWhoseValueChangesClassAndSizeSeeWholeValues(boolean sorted, Policy policy) throws Exception {
    Heap h = heap.heap();
    PMap<PLong, PObject> map = create(h, policy, sorted);
    int writes = 4000;
    replaceWhileReading(map, PLong.of(h, 1), writes, i -> shaped(h, i), ConcurrentMapTest::numberOf);
    assertEquals(writes, numberOf(map.get(PLong.of(h, 1))));
  }

  /**
   * Readers of a short string key, by a probe, while a writer replaces its value with values of
   * other classes and sizes and another thread adds and removes a thousand other keys: in a hash
   * map such lookups read the key's row in the {@link PackedKeyIndex}, which the other keys'
   * removals shift and their additions grow. A reader must never find the key missing, never go
   * back to an earlier value, and always get a whole one.
   */
  @ParameterizedTest(name = "sorted={0} {1}")
  @MethodSource("kindsAndPolicies")
  void readersOfAStringKeyByProbeSeeItsValuesInOrderWhileOtherKeysComeAndGo(boolean sorted, Policy policy) throws Exception {
    Heap h = heap.heap();
    PMap<PString, PObject> map = sorted ? new PSkipListMap<>(h, policy) : new PConcurrentHashMap<>(h, policy);
    String key = "user4242";
    int writes = 4000;
    AtomicBoolean done = new AtomicBoolean();
    ExecutorService churn = Executors.newSingleThreadExecutor();
    try {
      Future<Integer> changes = churn.submit(() -> {
        int rounds = 0;
        while (!done.get()) {
          for (int i = 0; i < 1000; i++) {
            map.put(PString.of(h, "user" + i), PLong.of(h, i));
          }
          for (int i = 0; i < 1000; i++) {
            map.removeAndFree(PString.probe("user" + i), Contents.KEYS_AND_VALUES);
          }
          rounds++;
        }
        return rounds;
      });
      PString stored = PString.of(h, key);
      replaceWhileReading(map, stored, () -> map.get(PString.probe(key)), writes, i -> shaped(h, i), ConcurrentMapTest::numberOf);
      done.set(true);
      assertTrue(changes.get(60, TimeUnit.SECONDS) > 0);
    } finally {
      done.set(true);
      churn.shutdown();
    }
    assertEquals(writes, numberOf(map.get(PString.probe(key))));
    assertEquals(1, map.size());
  }

  /** Value number {@code i}: a string, bytes or a long, by turns, with a length that varies. */
  private static PObject shaped(Heap h, int i) {
    switch (i % 3) {
      case 0:
        return PString.of(h, text(i));
      case 1:
        return PBytes.of(h, bytes(i));
      default:
        return PLong.of(h, i);
    }
  }

  private static int length(int i) {
    return (i * 37) % 700;
  }

  private static String text(int i) {
    return i + ":" + "s".repeat(length(i));
  }

  private static byte[] bytes(int i) {
    byte[] content = new byte[length(i) + 4];
    ByteBuffer.wrap(content).putInt(i);
    Arrays.fill(content, 4, content.length, (byte) i);
    return content;
  }

  /** The number of a value {@link #shaped} made, checked against everything it was made with. */
  private static long numberOf(PObject value) {
    int i;
    if (value instanceof PString) {
      String text = value.toString();
      i = Integer.parseInt(text.substring(0, text.indexOf(':')));
      assertEquals(text(i), text);
    } else if (value instanceof PBytes) {
      byte[] content = ((PBytes) value).toByteArray();
      i = ByteBuffer.wrap(content).getInt();
      assertArrayEquals(bytes(i), content, "the bytes of value " + i);
    } else {
      i = (int) ((PLong) value).longValue();
    }
    assertEquals(i % 3, value instanceof PString ? 0 : value instanceof PBytes ? 1 : 2, "the class of value " + i);
    return i;
  }
}
