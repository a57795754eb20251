package org.jnvm.bench.table3;

import org.jnvm.PObject;
import org.jnvm.heap.Handle;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.jnvm.layout.PClass;

/**
 * A persistent object that fills one 256-byte block with 32 longs: the unit of the paper's Table 3.
 * Block headers live in a table of their own, so the whole block is payload.
 */
final class Block256 implements PObject {
  static final int BYTES = 256;
  static final int WORDS = BYTES / Long.BYTES;
  static final Layout LAYOUT = layout();
  public static final PClass<Block256> PCLASS = PClass.of(Block256.class, LAYOUT, Block256::new);

  private final Handle handle;

  private Block256(Handle handle) {
    this.handle = handle;
  }

  private static Layout layout() {
    Layout.Builder b = Layout.builder();
    for (int i = 0; i < WORDS; i++) {
      b.field("w" + i, FieldKind.LONG);
    }
    return b.build();
  }

  @Override
  public Handle handle() {
    return handle;
  }
}
