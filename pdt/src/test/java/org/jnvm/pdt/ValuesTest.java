package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.jnvm.errors.HeapCorruptedException;
import org.jnvm.heap.Heap;
import org.junit.jupiter.api.Test;

class ValuesTest extends HeapTest {
  private static final List<String> STRINGS =
      List.of("", "a", "hell", "hello", "héllo wörld", "hzllo", "\u00ff", "a\u0100", "日本語のテキスト", "\ud800 lone surrogate", "x".repeat(248), "y".repeat(249), "z€".repeat(700));

  @Test
  void stringsAgreeWithJavaStrings() {
    Heap h = heap.heap();
    for (String a : STRINGS) {
      PString pa = PString.of(h, a);
      assertEquals(a, pa.toString());
      assertEquals(a.hashCode(), pa.hashCode());
      assertEquals(a.length(), pa.length());
      for (int i = 0; i < a.length(); i++) {
        assertEquals(a.charAt(i), pa.charAt(i));
      }
      assertThrows(IndexOutOfBoundsException.class, () -> pa.charAt(a.length()));
      for (String b : STRINGS) {
        PString pb = PString.of(h, b);
        assertEquals(a.equals(b), pa.equals(pb), a + " vs " + b);
        assertEquals(Integer.signum(a.compareTo(b)), Integer.signum(pa.compareTo(pb)), a + " vs " + b);
      }
    }
    assertFalse(PString.of(h, "a").equals("a"), "a PString is never equal to a String");
  }

  @Test
  void probesAgreeWithTheStringsTheyStandFor() {
    Heap h = heap.heap();
    for (String a : STRINGS) {
      PString.Probe probe = PString.probe(a);
      assertEquals(a.hashCode(), probe.hashCode());
      for (String b : STRINGS) {
        PString pb = PString.of(h, b);
        assertEquals(a.equals(b), probe.equals(pb), a + " vs " + b);
        assertEquals(Integer.signum(a.compareTo(b)), Integer.signum(probe.compareTo(pb)), a + " vs " + b);
      }
    }
  }

  @Test
  void stringsReadBackFromTheHeapCompareAsTheirCharacters() {
    Heap h = heap.heap();
    h.roots().put("strings", PArray.of(h, STRINGS.stream().map(s -> PString.of(h, s)).toList()));
    Heap back = heap.reopen();
    @SuppressWarnings("unchecked")
    PArray<PString> read = back.roots().get("strings", PArray.class);
    for (int i = 0; i < STRINGS.size(); i++) {
      String a = STRINGS.get(i);
      PString pa = read.get(i);
      assertEquals(a.length(), pa.length(), a);
      assertTrue(PString.probe(a).equals(pa), a);
      for (int j = 0; j < STRINGS.size(); j++) {
        String b = STRINGS.get(j);
        PString fresh = PString.of(back, b);
        assertEquals(a.equals(b), pa.equals(fresh), a + " vs a new " + b);
        assertEquals(a.equals(b), fresh.equals(pa), "a new " + b + " vs " + a);
        assertEquals(Integer.signum(a.compareTo(b)), Integer.signum(pa.compareTo(read.get(j))), a + " vs " + b);
      }
    }
  }

  @Test
  void latin1CharactersStoredTwoBytesEachReadAsTheSameString() {
    Heap h = heap.heap();
    PString stored = PString.of(h, "\u20acb");
    h.roots().put("s", stored);
    // A writer other than PString.of may store Latin-1 characters two bytes each; here "ab".
    stored.handle().putByte(chars(), (byte) 'a');
    stored.handle().putByte(chars() + 1, (byte) 0);
    Heap back = heap.reopen();
    PString read = back.roots().get("s", PString.class);
    PString ab = PString.of(back, "ab");
    assertEquals("ab", read.toString());
    assertEquals("ab".hashCode(), read.hashCode());
    assertTrue(read.equals(ab));
    assertTrue(ab.equals(read));
    assertEquals(0, read.compareTo(ab));
    assertTrue(PString.probe("ab").equals(read));
  }

  @Test
  void aStringWithAnUnknownCoderOrAnOddUtf16LengthIsRefused() {
    Heap h = heap.heap();
    PString badCoder = PString.of(h, "abc");
    PString oddLength = PString.of(h, "\u20ac\u20ac");
    h.roots().put("coder", badCoder);
    h.roots().put("odd", oddLength);
    badCoder.handle().putByte(field("coder"), (byte) 7);
    oddLength.handle().putInt(field("bytes"), 3);
    Heap back = heap.reopen();
    PString coder = back.roots().get("coder", PString.class);
    PString odd = back.roots().get("odd", PString.class);
    assertTrue(assertThrows(HeapCorruptedException.class, coder::toString).getMessage().contains("has coder 7 for 3 bytes"));
    assertTrue(assertThrows(HeapCorruptedException.class, odd::length).getMessage().contains("has coder 1 for 3 bytes"));
  }

  private static long field(String name) {
    return PString.PCLASS.layout().field(name).orElseThrow().offset();
  }

  private static long chars() {
    return PString.PCLASS.layout().tail().orElseThrow().offset();
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

  /**
   * A byte sequence filled in parts holds them in order, its ints big endian as a ByteBuffer's,
   * and survives a reopen. A filler that writes too little, too much, or
   * throws makes nothing and frees what it took, and one kept past its fill refuses to write.
   */
  @Test
  void aByteSequenceFilledInPartsHoldsThemAndAFaultyFillMakesNothing() {
    Heap h = heap.heap();
    byte[] blob = new byte[1000];
    new Random(7).nextBytes(blob);
    byte[] head = {9, 8, 7};
    int length = head.length + 2 * Integer.BYTES + 900;
    PBytes made = PBytes.of(h, length, out -> out.put(head).putInt(-123_456_789).put(blob, 61, 249).putInt(0x01020304).put(blob, 310, 651));
    byte[] expected = java.nio.ByteBuffer.allocate(length).put(head).putInt(-123_456_789).put(blob, 61, 249).putInt(0x01020304).put(blob, 310, 651).array();
    assertArrayEquals(expected, made.toByteArray());
    h.roots().put("made", made);

    long available = h.availableBlocks();
    assertThrows(IllegalStateException.class, () -> PBytes.of(h, 600, out -> out.put(blob, 0, 599)));
    assertThrows(IndexOutOfBoundsException.class, () -> PBytes.of(h, 600, out -> out.put(blob, 0, 601)));
    assertThrows(IndexOutOfBoundsException.class, () -> PBytes.of(h, 600, out -> out.put(blob, 999, 2)));
    assertThrows(ArithmeticException.class, () -> PBytes.of(h, 600, out -> {
      out.put(blob, 0, 300);
      throw new ArithmeticException("the fill's own fault");
    }));
    h.pfence();
    assertEquals(available, h.availableBlocks(), "every failed fill freed its blocks");
    PBytes.Filler[] kept = new PBytes.Filler[1];
    PBytes.of(h, 0, out -> kept[0] = out);
    assertThrows(IllegalStateException.class, () -> kept[0].put(new byte[0]));

    PBytes back = heap.reopen().roots().get("made", PBytes.class);
    assertArrayEquals(expected, back.toByteArray());
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
