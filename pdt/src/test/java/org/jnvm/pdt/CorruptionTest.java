package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jnvm.PObject;
import org.jnvm.errors.JnvmException;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.heap.format.Geometry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged copies of a heap holding every kind of pdt container: each must open and be usable, or
 * fail with a jnvm exception. A container rebuilds its volatile state from lengths, slot arrays
 * and references it reads from the file, so each of those is untrusted input too.
 */
class CorruptionTest {
  /** Seeds 0 to CASES - 1; {@code -Dfuzz.cases=20000} runs a longer campaign. */
  private static final int CASES = Integer.getInteger("fuzz.cases", 300);

  @TempDir(factory = ShmDirectory.class)
  Path dir;

  private Path pristine;
  private Geometry geometry;
  private long usedBytes;

  @BeforeEach
  void buildHeap() {
    pristine = dir.resolve("pristine.heap");
    try (Heap heap = Heap.create(pristine, HeapConfig.ofSize(4 << 20))) {
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
      heap.roots().put("refs", PArray.of(heap, List.of(PString.of(heap, "a"), PLong.of(heap, 7))));
      geometry = heap.geometry();
      usedBytes = heap.bumpPointer() << geometry.blockShift();
    }
  }

  @Test
  void damagedContainersOpenOrFailWithAJnvmException() throws IOException {
    int opened = 0;
    int refused = 0;
    for (int seed = 0; seed < CASES; seed++) {
      Random random = new Random(seed);
      Path copy = dir.resolve("case.heap");
      Files.copy(pristine, copy, StandardCopyOption.REPLACE_EXISTING);
      String damage = flip(copy, random);
      try {
        exercise(copy);
        opened++;
      } catch (JnvmException expected) {
        refused++;
      } catch (RuntimeException | Error e) {
        throw new AssertionError("seed " + seed + " (" + damage + ") escaped as " + e, e);
      }
    }
    assertTrue(opened > 0 && refused > 0, "both outcomes occur: opened " + opened + ", refused " + refused);
  }

  /** Flips bytes in the headers in use and in the data in use, where the containers live. */
  private String flip(Path file, Random random) throws IOException {
    StringBuilder what = new StringBuilder("flipped");
    long firstData = geometry.firstDataBlock() << geometry.blockShift();
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      int flips = 1 + random.nextInt(4);
      for (int i = 0; i < flips; i++) {
        long at = random.nextInt(4) == 0
            ? geometry.headerTableOffset() + random.nextInt((int) (usedBytes >>> geometry.blockShift()) * 8)
            : firstData + (long) (random.nextDouble() * (usedBytes - firstData));
        ByteBuffer b = ByteBuffer.allocate(1);
        ch.read(b, at);
        byte value = random.nextBoolean() ? (byte) (b.get(0) ^ (1 << random.nextInt(8))) : (byte) random.nextInt(256);
        ch.write(ByteBuffer.wrap(new byte[] {value}), at);
        what.append(' ').append(at);
      }
    }
    return what.toString();
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
    } else if (o instanceof PLong l) {
      l.longValue();
    }
  }
}
