package org.jnvm.fa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.fixtures.Node;
import org.jnvm.fixtures.ShmTempDir;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a block tells volatile state beside it, and the atomic update with free inside a block. */
class BlockCallbacksTest {
  @TempDir(factory = ShmTempDir.class)
  Path dir;

  @Test
  void commitAndAbortActionsRunOnceAfterTheOutermostBlock() {
    List<String> log = new ArrayList<>();
    FailureAtomic.run(
        () -> {
          FailureAtomic.onCommit(() -> log.add("committed " + FailureAtomic.inBlock()));
          FailureAtomic.onAbort(() -> log.add("aborted"));
          FailureAtomic.run(() -> FailureAtomic.onCommit(() -> log.add("inner")));
          assertEquals(List.of(), log, "nothing runs before the outermost block ends");
        });
    assertEquals(List.of("committed false", "inner"), log);
    log.clear();
    assertThrows(
        IllegalStateException.class,
        () ->
            FailureAtomic.run(
                () -> {
                  FailureAtomic.onCommit(() -> log.add("committed"));
                  FailureAtomic.onAbort(() -> log.add("aborted"));
                  throw new IllegalStateException();
                }));
    assertEquals(List.of("aborted"), log);
    assertThrows(IllegalStateException.class, () -> FailureAtomic.onCommit(() -> {}));
  }

  @Test
  void updateAndFreeInsideABlockFreesAtCommitAndNotOnAbort() {
    try (Heap heap = Heap.create(dir.resolve("u.heap"), HeapConfig.ofSize(1 << 20))) {
      Node holder = new Node(heap, 0).publish();
      heap.roots().put("h", holder);
      Node first = new Node(heap, 1).publish();
      holder.updateNext(first);
      assertThrows(
          IllegalStateException.class,
          () ->
              FailureAtomic.run(
                  () -> {
                    holder.updateAndFreeNext(new Node(heap, 2));
                    throw new IllegalStateException();
                  }));
      assertEquals(1, holder.getNext().getValue(), "the aborted block neither replaced nor freed the old target");
      assertEquals(1, first.getValue());
      FailureAtomic.run(() -> holder.updateAndFreeNext(new Node(heap, 3)));
      assertEquals(3, holder.getNext().getValue());
      assertEquals(true, first.handle().isFreed(), "freed at commit, seen through another proxy");
    }
  }
}
