package org.jnvm.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
            "long a@0;")) {
      assertThrows(IllegalArgumentException.class, () -> Layout.parse(bad), bad);
    }
  }

  @Test
  void differencesNameTheFields() {
    Layout before = Layout.builder().field("owner", FieldKind.REF).field("balance", FieldKind.LONG).build();
    Layout after = Layout.builder().field("owner", FieldKind.REF).field("balance", FieldKind.INT).field("opened", FieldKind.LONG).build();
    List<String> d = after.differencesFrom(before);
    assertEquals(2, d.size(), d.toString());
    assertTrue(d.get(0).contains("'balance' is int balance@8 here but long balance@8 there"), d.toString());
    assertTrue(d.get(1).contains("'opened'"), d.toString());
  }
}
