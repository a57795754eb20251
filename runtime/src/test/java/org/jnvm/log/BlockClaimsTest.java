package org.jnvm.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class BlockClaimsTest {
  private static final long BLOCKS = 3L << 16; // three pages

  @Test
  void aBlockIsHeldByOneClaimUntilItsRelease() {
    BlockClaims claims = new BlockClaims(BLOCKS);
    assertTrue(claims.claim(70));
    assertFalse(claims.claim(70), "a claimed block cannot be claimed again");
    assertTrue(claims.isClaimed(70));
    claims.release(70);
    assertFalse(claims.isClaimed(70));
    assertTrue(claims.claim(70), "a released block can be claimed again");
  }

  @Test
  void blocksThatShareAWordOrNotAreClaimedApart() {
    BlockClaims claims = new BlockClaims(BLOCKS);
    long[] blocks = {0, 1, 63, 64, 65_535, 65_536, BLOCKS - 1};
    for (long b : blocks) {
      assertTrue(claims.claim(b), "block " + b);
    }
    claims.release(63);
    for (long b : blocks) {
      assertEquals(b != 63, claims.isClaimed(b), "block " + b);
    }
    assertFalse(claims.isClaimed(2));
    assertFalse(claims.isClaimed(BLOCKS - 2));
  }

  @Test
  void concurrentClaimsOfOneBlockGrantItOnceAtATime() throws InterruptedException {
    BlockClaims claims = new BlockClaims(BLOCKS);
    int threads = 4;
    int rounds = 20_000;
    long contended = 130;
    AtomicLong holders = new AtomicLong();
    AtomicLong overlaps = new AtomicLong();
    AtomicLong granted = new AtomicLong();
    AtomicLong lostNeighbours = new AtomicLong();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      // Each thread also claims a block of its own in the contended block's word, which the other
      // threads' updates of that word must leave alone.
      long own = contended + 2 + t;
      workers.add(new Thread(() -> {
        for (int i = 0; i < rounds; i++) {
          if (!claims.claim(own)) {
            lostNeighbours.incrementAndGet();
          }
          if (claims.claim(contended)) {
            if (holders.incrementAndGet() != 1) {
              overlaps.incrementAndGet();
            }
            granted.incrementAndGet();
            holders.decrementAndGet();
            claims.release(contended);
          }
          if (!claims.isClaimed(own)) {
            lostNeighbours.incrementAndGet();
          }
          claims.release(own);
        }
      }));
    }
    workers.forEach(Thread::start);
    for (Thread w : workers) {
      w.join();
    }
    assertEquals(0, overlaps.get(), "two threads held the contended block at once");
    assertEquals(0, lostNeighbours.get(), "a thread's own block was claimed or released by another");
    assertTrue(granted.get() > 0, "no claim of the contended block was granted");
    assertFalse(claims.isClaimed(contended));
  }
}
