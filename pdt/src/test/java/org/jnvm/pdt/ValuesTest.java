package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.jnvm.heap.Heap;
import org.junit.jupiter.api.Test;

class ValuesTest extends HeapTest {
  private static final List<String> STRINGS =
      List.of("", "a", "hello", "héllo wörld", "日本語のテキスト", "\ud800 lone surrogate", "x".repeat(248), "y".repeat(249), "z€".repeat(700));

  @Test
  void stringsAgreeWithJavaStrings() {
    Heap h = heap.heap();
    for (String a : STRINGS) {
      PString pa = PString.of(h, a);
      assertEquals(a, pa.toString());
      assertEquals(a.hashCode(), pa.hashCode());
      assertEquals(a.length(), pa.length());
      for (String b : STRINGS) {
        PString pb = PString.of(h, b);
        assertEquals(a.equals(b), pa.equals(pb), a + " vs " + b);
        assertEquals(Integer.signum(a.compareTo(b)), Integer.signum(pa.compareTo(pb)), a + " vs " + b);
      }
    }
    assertFalse(PString.of(h, "a").equals("a"), "a PString is never equal to a String");
  }

  @Test
  void longStringsSpanBlocksAndShortOnesTakeOne() {
    Heap h = heap.heap();
    assertEquals(1, PString.of(h, "x".repeat(248)).handle().blockCount());
    assertEquals(2, PString.of(h, "x".repeat(249)).handle().blockCount());
    assertEquals(2, PString.of(h, "\u20ac".repeat(125)).handle().blockCount(), "two bytes a character beyond Latin-1");
  }

  @Test
  void valuesSurviveReopen() {
    Heap h = heap.heap();
    Random random = new Random(42);
    byte[] blob = new byte[1000];
    random.nextBytes(blob);
    List<org.jnvm.PObject> saved = new ArrayList<>();
    for (String s : STRINGS) {
      saved.add(PString.of(h, s));
    }
    saved.add(PBytes.of(h, blob));
    saved.add(PBytes.of(h, new byte[0]));
    saved.add(PLong.of(h, Long.MIN_VALUE));
    saved.add(PInt.of(h, -7));
    h.roots().put("values", PArray.of(h, saved));

    h = heap.reopen();
    @SuppressWarnings("unchecked")
    PArray<org.jnvm.PObject> back = h.roots().get("values", PArray.class);
    for (int i = 0; i < STRINGS.size(); i++) {
      assertEquals(STRINGS.get(i).hashCode(), back.get(i).hashCode(), "hashed before it is decoded");
      assertEquals(STRINGS.get(i), back.get(i).toString());
    }
    int n = STRINGS.size();
    assertArrayEquals(blob, ((PBytes) back.get(n)).toByteArray());
    assertEquals(0, ((PBytes) back.get(n + 1)).length());
    assertEquals(Long.MIN_VALUE, ((PLong) back.get(n + 2)).longValue());
    assertEquals(-7, ((PInt) back.get(n + 3)).intValue());
  }

  @Test
  void unpublishedValuesAreReclaimedAtReopen() {
    Heap h = heap.heap();
    long before = h.availableBlocks();
    PString.of(h, "never published");
    PLong.of(h, 1);
    h = heap.reopen();
    assertEquals(before, h.availableBlocks());
    assertNull(h.roots().get("values"));
  }

  @Test
  void bytesCompareByContentUnsigned() {
    Heap h = heap.heap();
    PBytes low = PBytes.of(h, new byte[] {1, 2});
    PBytes high = PBytes.of(h, new byte[] {(byte) 0xff});
    PBytes lowAgain = PBytes.of(h, new byte[] {1, 2});
    assertEquals(low, lowAgain);
    assertEquals(low.hashCode(), lowAgain.hashCode());
    assertNotEquals(low, high);
    assertTrue(low.compareTo(high) < 0);
    assertTrue(PBytes.of(h, new byte[] {1}).compareTo(low) < 0);
    assertEquals("0102", low.toString());
    assertEquals(2, low.byteAt(1));
  }

  @Test
  void boxedNumbersBehaveLikeTheirJavaBoxes() {
    Heap h = heap.heap();
    assertEquals(PLong.of(h, 5), PLong.of(h, 5));
    assertEquals(Long.hashCode(-3L << 40), PLong.of(h, -3L << 40).hashCode());
    assertTrue(PLong.of(h, -1).compareTo(PLong.of(h, 1)) < 0);
    assertEquals(PInt.of(h, 5), PInt.of(h, 5));
    assertNotEquals(PInt.of(h, 5), PLong.of(h, 5));
    assertTrue(PInt.of(h, Integer.MIN_VALUE).compareTo(PInt.of(h, 0)) < 0);
    assertEquals("-9", PInt.of(h, -9).toString());
  }
}
