package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Heap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Maps changed inside failure-atomic blocks: the abort action brings the mirror back to the heap. */
class BlockAbortTest extends HeapTest {
  @ParameterizedTest
  @EnumSource(MapKind.class)
  void untouchedEntriesKeepTheirValuesAcrossAnAbort(MapKind kind) {
    Heap h = heap.heap();
    PMap<PString, PString> map = kind.createRooted(h, Policy.CACHED, "map");
    for (int i = 0; i < 50; i++) {
      map.put(PString.of(h, "k" + i), PString.of(h, "v" + i));
    }
    PString untouched = map.get(PString.of(h, "k7"));
    PString replaced = map.get(PString.of(h, "k8"));
    abortedBlock(
        () -> {
          map.put(PString.of(h, "k8"), PString.of(h, "changed"));
          map.remove(PString.of(h, "k9"));
          for (int i = 50; i < 100; i++) {
            map.put(PString.of(h, "k" + i), PString.of(h, "late"));
          }
        });
    assertEquals(50, map.size());
    assertEquals(untouched.handle().offset(), map.get(PString.of(h, "k7")).handle().offset(), "an entry the block did not touch keeps its value");
    assertEquals(replaced, map.get(PString.of(h, "k8")), "a replaced value comes back");
    assertEquals("v9", map.get(PString.of(h, "k9")).toString());
    Map<String, String> expected = asText(map);
    // The free slot queue came back too: new entries take the slots the block had used.
    for (int i = 50; i < 60; i++) {
      map.put(PString.of(h, "k" + i), PString.of(h, "after"));
    }
    expected.putAll(asText(map));
    assertEquals(expected, asText(rootMap(heap.reopen())));
  }

  @ParameterizedTest
  @EnumSource(MapKind.class)
  void aMapFreedInAnAbortedBlockIsAliveAfterwards(MapKind kind) {
    Heap h = heap.heap();
    PMap<PString, PString> map = kind.createRooted(h, Policy.EAGER, "map");
    map.put(PString.of(h, "a"), PString.of(h, "1"));
    PMap<PString, PString> other = rootMap(h);
    abortedBlock(
        () -> {
          map.put(PString.of(h, "b"), PString.of(h, "2"));
          map.free(Contents.KEYS_AND_VALUES);
        });
    assertEquals(Map.of("a", "1"), asText(map));
    assertEquals(Map.of("a", "1"), asText(other), "the shared state survives too");
    map.put(PString.of(h, "c"), PString.of(h, "3"));
    assertEquals(Map.of("a", "1", "c", "3"), asText(rootMap(heap.reopen())));
  }

  @ParameterizedTest
  @EnumSource(MapKind.class)
  void aNestedAbortCaughtInsideTheBlockChangesNothing(MapKind kind) {
    Heap h = heap.heap();
    PMap<PString, PString> map = kind.createRooted(h, Policy.BASE, "map");
    FailureAtomic.run(
        () -> {
          map.put(PString.of(h, "outer"), PString.of(h, "1"));
          assertThrows(
              IllegalStateException.class,
              () ->
                  FailureAtomic.run(
                      () -> {
                        map.put(PString.of(h, "inner"), PString.of(h, "2"));
                        throw new IllegalStateException("caught by the outer block, which commits");
                      }));
        });
    // Blocks nest flatly: the inner level's abort rolls nothing back, so both entries stay.
    assertEquals(Map.of("outer", "1", "inner", "2"), asText(map));
    assertEquals(Map.of("outer", "1", "inner", "2"), asText(rootMap(heap.reopen())));
  }

  @Test
  void readersOfAConcurrentMapNeverMissAnUntouchedKeyDuringAbortedBlocks() throws Exception {
    Heap h = heap.heap();
    PConcurrentHashMap<PString, PString> map = new PConcurrentHashMap<>(h, Policy.CACHED);
    int stable = 200;
    PString[] probes = new PString[stable];
    for (int i = 0; i < stable; i++) {
      map.put(PString.of(h, "stable" + i), PString.of(h, "v" + i));
      probes[i] = PString.of(h, "stable" + i);
    }
    AtomicBoolean done = new AtomicBoolean();
    AtomicInteger reads = new AtomicInteger();
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<?> reader =
          pool.submit(
              () -> {
                while (!done.get()) {
                  for (PString probe : probes) {
                    assertNotNull(map.get(probe), probe.toString());
                  }
                  reads.incrementAndGet();
                }
              });
      for (int round = 0; round < 30; round++) {
        int r = round;
        abortedBlock(
            () -> {
              for (int i = 0; i < 40; i++) {
                map.put(PString.of(h, "transient" + r + "-" + i), PString.of(h, "x"));
              }
            });
      }
      done.set(true);
      reader.get(30, TimeUnit.SECONDS);
    } finally {
      pool.shutdownNow();
    }
    assertTrue(reads.get() > 0);
    assertEquals(stable, map.size());
  }
}
