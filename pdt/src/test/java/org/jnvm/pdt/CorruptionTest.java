package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jnvm.PObject;
import org.jnvm.errors.HeapCorruptedException;
import org.jnvm.errors.JnvmException;
import org.jnvm.fixtures.DamageCampaign;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Damaged copies of a heap holding every kind of pdt container: each must open and be usable, or
 * fail with a jnvm exception. A container rebuilds its volatile state from lengths, slot arrays
 * and references it reads from the file, so each of those is untrusted input too.
 */
class CorruptionTest {
  private static final int CASES = DamageCampaign.cases(300);

  @TempDir(factory = ShmDirectory.class)
  Path dir;

  private DamageCampaign.Pristine pristine;

  @BeforeEach
  void buildHeap() {
    pristine = DamageCampaign.build(dir, 4 << 20, heap -> {
      for (MapKind kind : MapKind.values()) {
        PMap<PString, PObject> map = kind.createRooted(heap, Policy.CACHED, kind.name());
        for (int i = 0; i < 12; i++) {
          map.put(PString.of(heap, kind + "-key-" + i), i % 2 == 0 ? PString.of(heap, "value " + i) : PLong.of(heap, i));
        }
        map.remove((Object) PString.probe(kind + "-key-3")); // a probe finds a persistent key by content
      }
      PArrayList<PString> list = new PArrayList<>(heap);
      heap.roots().put("list", list);
      for (int i = 0; i < 20; i++) {
        list.add(PString.of(heap, "element " + i + " of a list long enough to take whole blocks"));
      }
      PHashSet<PString> set = new PHashSet<>(heap);
      heap.roots().put("set", set);
      for (int i = 0; i < 8; i++) {
        set.add(PString.of(heap, "member " + i));
      }
      heap.roots().put("longs", new PLongArray(heap, new long[] {1, 2, 3, 4, 5}));
      heap.roots().put("bytes", PBytes.of(heap, new byte[300]));
      PByteRecord record = PByteRecord.of(heap, 100, new byte[100], null, new byte[7]);
      record.set(1, new byte[50]);
      heap.roots().put("record", record);
      heap.roots().put("refs", PArray.of(heap, List.of(PString.of(heap, "a"), PLong.of(heap, 7))));
    });
  }

  @Test
  void damagedContainersOpenOrFailWithAJnvmException() throws IOException {
    DamageCampaign.run(CASES, pristine, dir, (file, random, seed) -> DamageCampaign.flip(file, random, 4, this::target), (file, seed) -> exercise(file), JnvmException.class);
  }

  /**
   * A damaged key reference that names its own map: loading the map would resurrect the map as
   * its own key, which loads the map again. It is refused, for every kind of map.
   */
  @ParameterizedTest
  @EnumSource(MapKind.class)
  void aMapWhoseKeyLeadsBackToItselfIsRefused(MapKind kind) {
    Path file = dir.resolve("loop.heap");
    try (Heap heap = Heap.create(file, HeapConfig.ofSize(4 << 20))) {
      PMap<PString, PObject> map = kind.createRooted(heap, Policy.CACHED, "map");
      map.put(PString.of(heap, "key"), PLong.of(heap, 1));
      PArray<?> slots = map.handle().getRef(MapCore.LAYOUT.field("slots").orElseThrow().offset(), PArray.class);
      long pair = 0;
      for (int i = 0; i < slots.length() && pair == 0; i++) {
        pair = slots.referenceAt(i);
      }
      Handle p = heap.handle(pair);
      p.putLong(PPair.PCLASS.layout().field("key").orElseThrow().offset(), map.handle().offset());
      p.pwb();
    }
    try (Heap heap = Heap.open(file, HeapConfig.existing())) {
      HeapCorruptedException e = assertThrows(HeapCorruptedException.class, () -> heap.roots().get("map"));
      assertTrue(e.getMessage().contains("leads back to itself"), e.getMessage());
    }
  }

  /** Where the containers live: the headers in use and the data in use. */
  private long target(Random random) {
    return random.nextInt(4) == 0 ? pristine.inUsedHeaders(random) : pristine.inUsedData(random);
  }

  /** Opens the heap, reads every container whole, then changes each map and the list. */
  private static void exercise(Path file) {
    try (Heap heap = Heap.open(file, HeapConfig.existing())) {
      for (String name : heap.roots().names()) {
        read(heap.roots().get(name));
      }
      for (MapKind kind : MapKind.values()) {
        PObject root = heap.roots().get(kind.name());
        if (root instanceof PMap<?, ?> map) {
          @SuppressWarnings("unchecked")
          PMap<PString, PObject> typed = (PMap<PString, PObject>) map;
          typed.put(PString.of(heap, "fresh"), PLong.of(heap, 1));
          typed.remove((Object) PString.probe(kind + "-key-0"));
        }
      }
      if (heap.roots().get("list") instanceof PArrayList<?> list && !list.isEmpty()) {
        list.remove(list.size() - 1);
      }
      if (heap.roots().get("record") instanceof PByteRecord record) {
        record.set(record.fields() - 1, new byte[record.capacity()]);
        readValue(record);
      }
    }
  }

  private static void read(PObject o) {
    if (o instanceof Map<?, ?> map) {
      int entries = 0;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        readValue(e.getKey());
        readValue(e.getValue());
        entries++;
      }
      assertEquals(entries, map.size(), "a map's size counts the entries it iterates");
    } else if (o instanceof Collection<?> c) {
      for (Object e : c) {
        readValue(e);
      }
    } else if (o instanceof PArray<?> a) {
      for (int i = 0; i < a.length(); i++) {
        readValue(a.get(i));
      }
    } else if (o instanceof PLongArray a) {
      for (int i = 0; i < a.length(); i++) {
        a.get(i);
      }
    } else {
      readValue(o);
    }
  }

  private static void readValue(Object o) {
    if (o instanceof PString s) {
      assertTrue(s.toString().length() <= s.length());
    } else if (o instanceof PBytes b) {
      b.toByteArray();
    } else if (o instanceof PByteRecord r) {
      PByteRecord.Snapshot copy = r.snapshot();
      for (int i = 0; i < r.fields(); i++) {
        assertArrayEquals(r.get(i), copy.get(i), "field " + i);
      }
    } else if (o instanceof PLong l) {
      l.longValue();
    }
  }
}
