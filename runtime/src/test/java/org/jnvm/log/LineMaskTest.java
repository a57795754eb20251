package org.jnvm.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LineMaskTest {
  @Test
  void aGranuleIsALineUpToOneKibibyteBlocksAndASixteenthBeyond() {
    assertEquals(6, LineMask.granuleShift(64));
    assertEquals(6, LineMask.granuleShift(256));
    assertEquals(6, LineMask.granuleShift(1024));
    assertEquals(8, LineMask.granuleShift(4096));
    assertEquals(16, LineMask.granuleShift(1 << 20));
  }

  @Test
  void aWriteCoversTheLinesItTouches() {
    assertEquals(0b1, LineMask.covering(0, 8, 6));
    assertEquals(0b1, LineMask.covering(56, 8, 6));
    assertEquals(0b10, LineMask.covering(64, 1, 6));
    assertEquals(0b110, LineMask.covering(120, 16, 6), "a write across a line boundary marks both lines");
    assertEquals(0b1111, LineMask.covering(0, 256, 6));
    assertEquals(0x8000, LineMask.covering((1 << 20) - 8, 8, 16));
  }

  @Test
  void aMaskFitsOnlyTheGranulesOfItsBlock() {
    assertTrue(LineMask.fits(0b1111, 256, 6));
    assertFalse(LineMask.fits(0b10000, 256, 6), "a 256 B block has four lines");
    assertFalse(LineMask.fits(0, 256, 6), "a copy the block never wrote is never logged");
    assertTrue(LineMask.fits(1, 64, 6));
    assertFalse(LineMask.fits(0b10, 64, 6));
    assertTrue(LineMask.fits(0xffff, 1 << 20, 16));
  }

  @Test
  void runsOfSetBitsAreWalkedInOrder() {
    long m = 0b1101;
    assertEquals(0, LineMask.runStart(m, 6));
    assertEquals(64, LineMask.runLength(m, 6));
    m = LineMask.rest(m);
    assertEquals(0b1100, m);
    assertEquals(128, LineMask.runStart(m, 6));
    assertEquals(128, LineMask.runLength(m, 6));
    assertEquals(0, LineMask.rest(m));
  }
}
