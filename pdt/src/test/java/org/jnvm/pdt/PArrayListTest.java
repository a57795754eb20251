package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import org.jnvm.errors.FreedObjectException;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Heap;
import org.junit.jupiter.api.Test;

class PArrayListTest extends HeapTest {
  private static List<String> strings(List<PString> list) {
    List<String> out = new ArrayList<>();
    for (PString s : list) {
      out.add(Objects.toString(s, null));
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private PArrayList<PString> root(Heap h) {
    return h.roots().get("list", PArrayList.class);
  }

  @Test
  void randomEditsMatchAnArrayListAndSurviveReopen() {
    Heap h = heap.heap();
    PArrayList<PString> list = new PArrayList<>(h);
    h.roots().put("list", list);
    List<String> expected = new ArrayList<>();
    Random random = new Random(7);
    for (int step = 0; step < 2000; step++) {
      int op = random.nextInt(10);
      String s = "s" + step;
      if (op < 5 || expected.isEmpty()) {
        list.add(PString.of(h, s));
        expected.add(s);
      } else if (op < 6) {
        int i = random.nextInt(expected.size() + 1);
        list.add(i, PString.of(h, s));
        expected.add(i, s);
      } else if (op < 7) {
        int i = random.nextInt(expected.size());
        list.set(i, PString.of(h, s));
        expected.set(i, s);
      } else if (op < 9) {
        int i = random.nextInt(expected.size());
        assertEquals(expected.remove(i), Objects.toString(list.remove(i), null));
      } else {
        list.add(null);
        expected.add(null);
      }
    }
    assertEquals(expected, strings(list));
    h = heap.reopen();
    assertEquals(expected, strings(root(h)));
  }

  @Test
  void growingKeepsEveryElementAndFreesTheOldArrays() {
    Heap h = heap.heap();
    PArrayList<PLong> list = new PArrayList<>(h);
    h.roots().put("list", list);
    for (int i = 0; i < 1000; i++) {
      list.add(PLong.of(h, i));
    }
    long available = h.availableBlocks();
    h = heap.reopen();
    assertEquals(available, h.availableBlocks(), "nothing left over from the swapped arrays");
    @SuppressWarnings("unchecked")
    PArrayList<PLong> back = h.roots().get("list", PArrayList.class);
    assertEquals(1000, back.size());
    for (int i = 0; i < 1000; i++) {
      assertEquals(i, back.get(i).longValue());
    }
  }

  @Test
  void proxiesOfTheSameListShareItsArray() {
    Heap h = heap.heap();
    PArrayList<PString> first = new PArrayList<>(h);
    h.roots().put("list", first);
    PArrayList<PString> second = root(h);
    for (int i = 0; i < 100; i++) {
      (i % 2 == 0 ? first : second).add(PString.of(h, "e" + i));
    }
    assertEquals(strings(first), strings(second));
    assertEquals(100, first.size());
  }

  @Test
  void anAbortedBlockLeavesTheListAsItWas() {
    Heap h = heap.heap();
    PArrayList<PString> list = new PArrayList<>(h);
    h.roots().put("list", list);
    list.add(PString.of(h, "kept"));
    assertThrows(
        IllegalStateException.class,
        () ->
            FailureAtomic.run(
                () -> {
                  for (int i = 0; i < 50; i++) {
                    list.add(0, PString.of(h, "lost" + i));
                  }
                  throw new IllegalStateException("abort");
                }));
    assertEquals(List.of("kept"), strings(list));
    FailureAtomic.run(() -> list.add(PString.of(h, "committed")));
    assertEquals(List.of("kept", "committed"), strings(list));
    assertEquals(List.of("kept", "committed"), strings(root(heap.reopen())));
  }

  @Test
  void recoveryClearsReferencesLeftBeyondTheSize() {
    Heap h = heap.heap();
    PArrayList<PString> list = new PArrayList<>(h);
    h.roots().put("list", list);
    list.add(PString.of(h, "a"));
    list.add(PString.of(h, "b"));
    // What a crash after remove's size store and before its slot write leaves: a reference beyond the size.
    list.handle().putLong(0, 1);
    list.pwb();
    h.pfence();
    h = heap.reopen();
    PArrayList<PString> back = root(h);
    assertEquals(List.of("a"), strings(back));
    back.add(null);
    assertNull(back.get(1), "the stale reference was cleared, not resurrected by a later add");
  }

  @Test
  void freeingWithElementsFreesEachOnce() {
    Heap h = heap.heap();
    long available = h.availableBlocks();
    PArrayList<PString> list = new PArrayList<>(h);
    // Strings too large for pool slots, so that every object takes a block of its own to count.
    PString shared = PString.of(h, wide("twice"));
    list.add(shared);
    list.add(shared);
    list.add(PString.of(h, wide("once")));
    list.free(true);
    h.pfence();
    assertEquals(available, h.availableBlocks());
    assertFalse(shared.isValid(), "freed through another proxy");
    assertThrows(FreedObjectException.class, () -> list.get(0));
  }
}
