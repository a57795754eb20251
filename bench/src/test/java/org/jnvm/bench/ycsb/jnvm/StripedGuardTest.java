package org.jnvm.bench.ycsb.jnvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StripedGuardTest {
  private final StripedGuard guard = new StripedGuard(true);
  private final ExecutorService other = Executors.newSingleThreadExecutor();

  @AfterEach
  void stop() {
    other.shutdownNow();
  }

  /** Changes {@code key} on another thread and waits for the change to end. */
  private void changeMeanwhile(String key) {
    try {
      other.submit(() -> guard.changing(key, () -> null)).get();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void aReadThatAChangeOfItsKeyOverlappedIsDoneAgain() {
    AtomicInteger reads = new AtomicInteger();
    String result = guard.reading("user42", () -> {
      if (reads.incrementAndGet() == 1) {
        changeMeanwhile("user42");
        return "what the change replaced";
      }
      return "after the change";
    });
    assertEquals("after the change", result);
    assertEquals(2, reads.get());
  }

  @Test
  void aReadDoneAgainRunsTheRereadInPlaceOfTheRead() {
    AtomicInteger reads = new AtomicInteger();
    String result = guard.reading("user42", () -> {
      reads.incrementAndGet();
      changeMeanwhile("user42");
      return "what the first read kept";
    }, () -> "looked up again");
    assertEquals("looked up again", result);
    assertEquals(1, reads.get(), "the first read ran once, and the reread in its place");
  }

  @Test
  void aReadThatFailedBesideAChangeIsDoneAgainAndOneThatFailedAloneThrows() {
    AtomicInteger reads = new AtomicInteger();
    Supplier<String> readOfAFreedRecord = () -> {
      if (reads.incrementAndGet() == 1) {
        changeMeanwhile("user7");
        throw new IllegalStateException("the record was freed under the read");
      }
      return "the new record";
    };
    assertEquals("the new record", guard.reading("user7", readOfAFreedRecord));
    assertEquals(2, reads.get());

    IllegalStateException alone = new IllegalStateException("a real failure");
    assertSame(alone, assertThrows(IllegalStateException.class, () -> guard.reading("user7", () -> {
      throw alone;
    })));
  }

  @Test
  void aReadBesideNoChangeOfItsStripeRunsOnce() {
    AtomicInteger reads = new AtomicInteger();
    assertEquals(1, guard.reading("user1", reads::incrementAndGet));
    assertEquals(1, guard.changing("user1", () -> reads.get()));
    assertEquals(2, guard.reading("user1", reads::incrementAndGet), "a change that ended before the read does not make it read again");
  }

  @Test
  void aScanThatAChangeOfAnyKeyOverlappedRunsAgainGuarded() {
    AtomicInteger optimistic = new AtomicInteger();
    String result = guard.scanning(() -> {
      optimistic.incrementAndGet();
      changeMeanwhile("a key the scan never read");
      return "what the first try saw";
    }, () -> "read again, guarded");
    assertEquals("read again, guarded", result);
    assertEquals(1, optimistic.get());
  }

  @Test
  void aScanOverlappedByAThreadThatHadChangedBeforeRunsAgainGuarded() {
    changeMeanwhile("user5");
    String result = guard.scanning(() -> {
      changeMeanwhile("user6");
      return "what the first try saw";
    }, () -> "read again, guarded");
    assertEquals("read again, guarded", result, "a thread known to the guard changed a key during the scan");
  }

  @Test
  void aScanBesideNoChangeKeepsItsFirstTry() {
    assertEquals(1, guard.changing("user1", () -> 1), "a change that ends before the scan does not overlap it");
    assertEquals("first try", guard.scanning(() -> "first try", () -> {
      throw new AssertionError("no change overlapped the scan");
    }));
  }

  @Test
  void aScanThatFailedBesideAChangeRunsAgainAndOneThatFailedAloneThrows() {
    String result = guard.scanning(() -> {
      changeMeanwhile("user3");
      throw new IllegalStateException("a record was freed under the scan");
    }, () -> "read again, guarded");
    assertEquals("read again, guarded", result);

    IllegalStateException alone = new IllegalStateException("a real failure");
    assertSame(alone, assertThrows(IllegalStateException.class, () -> guard.scanning(() -> {
      throw alone;
    }, () -> "must not run")));
  }

  @Test
  void aScanWhileAChangeHoldsItsLockRunsGuarded() throws Exception {
    CountDownLatch held = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Future<?> change = other.submit(() -> guard.changing("user9", () -> {
      held.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return null;
    }));
    held.await();
    try {
      assertEquals("guarded", guard.scanning(() -> "unguarded", () -> "guarded"));
    } finally {
      release.countDown();
    }
    change.get();
  }
}
