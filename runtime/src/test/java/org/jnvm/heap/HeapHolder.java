package org.jnvm.heap;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Run in a child JVM by {@link HeapLockProcessTest}: opens (or creates) the heap named by its
 * argument, prints a line with its pid, and holds the heap until it is killed, or at most two
 * minutes so that a child a broken test leaves behind goes away by itself.
 */
public final class HeapHolder {
  static final String READY = "holding heap, pid ";

  private HeapHolder() {}

  public static void main(String[] args) throws InterruptedException {
    Heap heap = Heap.openOrCreate(Path.of(args[0]), HeapConfig.ofSize(1 << 20));
    System.out.println(READY + ProcessHandle.current().pid());
    System.out.flush();
    TimeUnit.MINUTES.sleep(2);
    heap.close();
  }
}
