package org.jnvm.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jnvm.heap.HeapConfig;
import org.junit.jupiter.api.Test;

class LayoutTest {
  @Test
  void fieldsAreNaturallyAlignedAndSmallOnesFillTheGaps() {
    Layout l =
        Layout.builder()
            .field("flag", FieldKind.BOOLEAN)
            .field("count", FieldKind.LONG)
            .field("small", FieldKind.SHORT)
            .field("ref", FieldKind.REF)
            .field("id", FieldKind.INT)
            .build();
    assertEquals(0, l.field("flag").orElseThrow().offset());
    assertEquals(8, l.field("count").orElseThrow().offset());
    assertEquals(2, l.field("small").orElseThrow().offset());
    assertEquals(16, l.field("ref").orElseThrow().offset());
    assertEquals(4, l.field("id").orElseThrow().offset());
    assertEquals(24, l.size());
    assertEquals(List.of(16L), List.of(l.refOffsets()[0]));
  }

  @Test
  void aSubclassLayoutKeepsItsParentsOffsets() {
    Layout parent = Layout.builder().field("a", FieldKind.INT).field("b", FieldKind.LONG).build();
    Layout child = Layout.extending(parent).field("c", FieldKind.INT).field("d", FieldKind.REF).build();
    assertEquals(0, child.field("a").orElseThrow().offset());
    assertEquals(8, child.field("b").orElseThrow().offset());
    assertEquals(4, child.field("c").orElseThrow().offset(), "fills the parent's padding");
    assertEquals(16, child.field("d").orElseThrow().offset());
  }

  @Test
  void descriptorsRoundTripAndFingerprintTheLayout() {
    Layout l = Layout.builder().field("len", FieldKind.INT).field("x", FieldKind.DOUBLE).tail(FieldKind.REF, "len").build();
    assertEquals("int len@0;double x@8;tail ref@16*len", l.descriptor());
    Layout parsed = Layout.parse(l.descriptor());
    assertEquals(l, parsed);
    assertEquals(l.fingerprint(), parsed.fingerprint());
    Layout other = Layout.builder().field("len", FieldKind.INT).field("x", FieldKind.LONG).tail(FieldKind.REF, "len").build();
    assertNotEquals(l.fingerprint(), other.fingerprint());
  }

  @Test
  void inlineArraysAre8AlignedSpanBlocksAndRoundTrip() {
    Layout l =
        Layout.builder()
            .field("flag", FieldKind.BOOLEAN)
            .array("payload", FieldKind.BYTE, 300)
            .field("id", FieldKind.INT)
            .array("samples", FieldKind.SHORT, 3)
            .field("count", FieldKind.LONG)
            .build();
    assertEquals(8, l.field("payload").orElseThrow().offset(), "8-aligned, after the boolean");
    assertEquals(300, l.field("payload").orElseThrow().size());
    assertEquals(4, l.field("id").orElseThrow().offset(), "fills the padding before the array");
    assertEquals(312, l.field("samples").orElseThrow().offset());
    assertEquals(320, l.field("count").orElseThrow().offset());
    assertEquals(328, l.size());
    assertEquals(0, l.refCount());
    assertEquals("boolean flag@0;int id@4;byte[300] payload@8;short[3] samples@312;long count@320", l.descriptor());
    assertEquals(l, Layout.parse(l.descriptor()));
    assertNotEquals(l.fingerprint(), Layout.builder().field("flag", FieldKind.BOOLEAN).array("payload", FieldKind.BYTE, 301)
        .field("id", FieldKind.INT).array("samples", FieldKind.SHORT, 3).field("count", FieldKind.LONG).build().fingerprint());
    assertThrows(IllegalArgumentException.class, () -> Layout.builder().array("refs", FieldKind.REF, 4));
    assertThrows(IllegalArgumentException.class, () -> Layout.builder().array("one", FieldKind.BYTE, 1));
  }

  @Test
  void anInlineArrayThatFitsInASpanIsKeptWithinOneAndSmallFieldsFillTheGapBefore() {
    Layout l =
        Layout.builder()
            .array("first", FieldKind.BYTE, 104)
            .array("second", FieldKind.BYTE, 104)
            .array("third", FieldKind.BYTE, 104)
            .field("count", FieldKind.LONG)
            .array("wide", FieldKind.BYTE, Layout.ARRAY_SPAN + 8)
            .array("whole", FieldKind.BYTE, Layout.ARRAY_SPAN)
            .build();
    assertEquals(104, l.field("second").orElseThrow().offset());
    assertEquals(Layout.ARRAY_SPAN, l.field("third").orElseThrow().offset(), "208 + 104 would cross 256");
    assertEquals(208, l.field("count").orElseThrow().offset(), "fills the gap the third array left");
    assertEquals(360, l.field("wide").orElseThrow().offset(), "too wide for a span: spans two, as before");
    assertEquals(3 * Layout.ARRAY_SPAN, l.field("whole").orElseThrow().offset(), "exactly one span, at its start");
    assertEquals(l, Layout.parse(l.descriptor()));
    assertTrue(Integer.bitCount(Layout.ARRAY_SPAN) == 1 && Layout.ARRAY_SPAN <= HeapConfig.DEFAULT_BLOCK_SIZE,
        "an array within one span must lie within one block of a heap of the default blocks");
  }

  @Test
  void malformedDescriptorsAreRejected() {
    for (String bad :
        List.of(
            "long a@3",
            "long a@0;int b@4",
            "long a@0;long a@8",
            "long 9a@0",
            "blob a@0",
            "long a@",
            "long a@-8",
            "long a@99999999999",
            "tail ref@8*n",
            "int n@0;tail ref@2*n",
            "int n@0;tail ref@8*n;long x@16",
            "long b@8;long a@0",
            "long a@0;",
            "byte[104] a@4",
            "byte[1] a@0",
            "byte[0] a@0",
            "ref[4] a@0",
            "byte[16 a@0",
            "byte[x] a@0",
            "long a@0;byte[16] b@0",
            "byte[16] a@0;int b@12",
            "byte[999999999] a@0",
            "byte[16] a@16777208")) {
      assertThrows(IllegalArgumentException.class, () -> Layout.parse(bad), bad);
    }
  }

  @Test
  void differencesNameTheFields() {
    Layout before = Layout.builder().field("owner", FieldKind.REF).field("balance", FieldKind.LONG).build();
    Layout after = Layout.builder().field("owner", FieldKind.REF).field("balance", FieldKind.INT).field("opened", FieldKind.LONG).build();
    List<String> d = after.differencesFrom(before, "the code", "the heap");
    assertEquals(List.of("'balance' is int balance@8 in the code but long balance@8 in the heap", "'opened' (long opened@16) is in the code but not in the heap"), d);
    assertEquals(List.of("'balance' is long balance@8 in the heap but int balance@8 in the code", "'opened' (long opened@16) is in the code but not in the heap"), before.differencesFrom(after, "the heap", "the code"));
    Layout array = Layout.builder().field("length", FieldKind.LONG).tail(FieldKind.REF, "length").build();
    Layout plain = Layout.builder().field("length", FieldKind.LONG).build();
    assertEquals(List.of("the array tail is ref@8*length in the code but none in the heap"), array.differencesFrom(plain, "the code", "the heap"));
  }
}
