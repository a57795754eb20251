package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.jnvm.PObject;
import org.jnvm.heap.Heap;
import org.junit.jupiter.api.Test;

class ArraysTest extends HeapTest {
  @Test
  void primitiveArraysKeepTheirContentsAcrossReopen() {
    Heap h = heap.heap();
    long[] longs = {Long.MIN_VALUE, 0, 42, Long.MAX_VALUE};
    int[] ints = new int[100];
    byte[] bytes = new byte[300];
    double[] doubles = {Math.PI, -0.0, Double.NaN};
    char[] chars = "persistent".toCharArray();
    for (int i = 0; i < ints.length; i++) {
      ints[i] = i * i;
    }
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) i;
    }
    h.roots().put("longs", new PLongArray(h, longs));
    h.roots().put("ints", new PIntArray(h, ints));
    h.roots().put("bytes", new PByteArray(h, bytes));
    h.roots().put("doubles", new PDoubleArray(h, doubles));
    h.roots().put("chars", new PCharArray(h, chars));

    h = heap.reopen();
    assertArrayEquals(longs, h.roots().get("longs", PLongArray.class).toArray());
    assertArrayEquals(ints, h.roots().get("ints", PIntArray.class).toArray());
    assertArrayEquals(bytes, h.roots().get("bytes", PByteArray.class).toArray());
    assertArrayEquals(doubles, h.roots().get("doubles", PDoubleArray.class).toArray());
    assertArrayEquals(chars, h.roots().get("chars", PCharArray.class).toArray());
    assertEquals(2, h.roots().get("bytes", PByteArray.class).handle().blockCount(), "8 + 300 bytes take two blocks");
  }

  @Test
  void elementWritesAreVisibleAndBoundsChecked() {
    Heap h = heap.heap();
    PLongArray a = new PLongArray(h, 40);
    assertEquals(40, a.length());
    assertEquals(0, a.get(39), "a new array is zeroed");
    a.set(39, 7);
    a.pwb(39);
    assertEquals(7, a.get(39));
    assertThrows(IndexOutOfBoundsException.class, () -> a.get(40));
    assertThrows(IndexOutOfBoundsException.class, () -> a.set(-1, 1));
    assertThrows(IndexOutOfBoundsException.class, () -> a.pwb(40));
    assertThrows(NegativeArraySizeException.class, () -> new PIntArray(h, -1));
  }

  @Test
  void elementStoresMadeDurableByTheCallerSurvive() {
    Heap h = heap.heap();
    PDoubleArray a = new PDoubleArray(h, 3);
    h.roots().put("a", a);
    a.set(1, 2.5);
    a.pwb(1);
    h.pfence();
    h = heap.reopen();
    assertArrayEquals(new double[] {0, 2.5, 0}, h.roots().get("a", PDoubleArray.class).toArray());
  }

  @Test
  void referenceArraysPublishTheirElementsAndUpdateAtomically() {
    Heap h = heap.heap();
    PArray<PString> a = PArray.of(h, List.of(PString.of(h, "zero"), PString.of(h, "one")));
    h.roots().put("a", a);
    a.update(1, PString.of(h, "uno"));
    PString stray = PString.of(h, "never validated");
    a.set(0, stray); // a plain store of an invalid object: recovery must clear it
    a.pwb(0);
    h.pfence();

    h = heap.reopen();
    @SuppressWarnings("unchecked")
    PArray<PString> back = h.roots().get("a", PArray.class);
    assertNull(back.get(0), "a reference to an object never validated is cleared by recovery");
    assertEquals("uno", back.get(1).toString());
  }

  @Test
  void copiedReferencesNameTheSameObjects() {
    Heap h = heap.heap();
    PArray<PObject> from = PArray.of(h, List.of(PLong.of(h, 1), PLong.of(h, 2)));
    PArray<PObject> to = new PArray<>(h, 4);
    to.copyReferences(from, 2);
    assertEquals(from.referenceAt(1), to.referenceAt(1));
    assertEquals(PLong.of(h, 2), to.get(1));
    assertNull(to.get(2));
  }
}
