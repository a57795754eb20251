package org.jnvm.bench.table3;

/** How the Java side reaches a block's bytes; {@link #PROXY} is what an application's code does. */
enum Access {
  /**
   * The accessors the processor generates for a {@code @Persistent} class of 32 long fields, one
   * getter or setter call per word, its {@code pwbX()} per line and {@code Heap.pfence()} per block:
   * a proxy reads and writes its master block directly while no failure-atomic block runs.
   */
  PROXY("generated proxy accessors", "`getWi()`/`setWi(v)` of `Block256FieldsProxy` per word, `pwbW0()` … `pwbW24()` per line, `Heap.pfence()`"),
  /**
   * The same accessors on the one proxy of a {@link org.jnvm.heap.Cursor}, moved to each block by
   * its offset, which the program computes from the block's index as C computes its address,
   * rather than keeping a proxy and a handle per block: each move checks the offset and the
   * block's header, then hands the proxy the block's address.
   */
  CURSOR("generated proxy accessors on a cursor", "`Heap.cursor(Block256FieldsProxy.PCLASS).moveTo(offset)` per block, the offset being the first block's + 256 × index, then the accessors of *generated proxy accessors*"),
  /**
   * {@code Handle.getLong}/{@code putLong} per word, {@code Handle.pwb(line, 64)} per line and
   * {@code Heap.pfence()} per block: the handle's accessors, with all their checks, which proxies
   * use for fields beyond the master block and inside failure-atomic blocks.
   */
  HANDLE("handle accessors", "`Handle.getLong`/`putLong` per word, `Handle.pwb(line, 64)`, `Heap.pfence()`"),
  /**
   * One {@code Handle.address(0, 256)} per block (one bounds check for the block), then raw loads
   * and stores through {@code org.jnvm.memory.Memory}, and the backend's own {@code
   * Persistence.pwb}/{@code pfence}: the lowest level the runtime's public API offers.
   */
  BLOCK_ADDRESS("handle address per block", "`Handle.address(0, 256)` once per block, `Memory.getLong`/`putLong`, `Persistence.pwb`/`pfence`"),
  /**
   * No handle at all: the block's address comes from its index, as in C (plus a lookup of its 1 GiB
   * mapping chunk). Not an API use: it measures what the JVM itself costs, without the runtime.
   */
  RAW("raw addresses (no runtime; diagnostic)", "the chunk's address + 256 × index, `Memory.getLong`/`putLong`, `Persistence.pwb`/`pfence`"),
  /**
   * No runtime either, and no word at a time: the Vector API ({@link VectorBlocks}) on a mapping of
   * the file of its own, as C maps it, adding a block's words in vector registers as gcc's
   * vectorized build does. Not an API use: it tells whether Java trails C's reads for being Java or
   * for reading a word per instruction.
   */
  VECTOR("Vector API (no runtime; diagnostic)", "its own mapping of the file, as C's; `LongVector.fromByteBuffer`/`intoByteBuffer` (JDK 17) or "
      + "`fromMemorySegment`/`intoMemorySegment` (JDK 20 and later) of the preferred species, a block's vectors added lane by lane and the lanes "
      + "summed once (`reduceLanes`), `Persistence.pwb`/`pfence`; the incubating module jdk.incubator.vector");

  final String title;
  final String how;

  Access(String title, String how) {
    this.title = title;
    this.how = how;
  }
}
