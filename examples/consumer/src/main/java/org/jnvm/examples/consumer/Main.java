package org.jnvm.examples.consumer;

import java.nio.file.Path;
import org.jnvm.JNVM;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.pdt.PHashMap;
import org.jnvm.pdt.PMap;
import org.jnvm.pdt.PString;

/**
 * A program that uses jnvm as a user's build gets it: each run opens (or creates) the heap file
 * given as argument, adds one {@link Visit} to a map kept under a root, and checks that the map
 * holds one entry per run so far, {@code EXPECTED} if given. Exits 1 when the count is wrong.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: Main HEAP_FILE [EXPECTED_ENTRIES]");
      System.exit(2);
    }
    Path file = Path.of(args[0]);
    long expected = args.length > 1 ? Long.parseLong(args[1]) : -1;
    // The default heap: generated proxies allocate in it (VisitProxy.create).
    Heap heap = JNVM.init(file, HeapConfig.ofSize(16L << 20));
    try {
      @SuppressWarnings("unchecked")
      PMap<PString, Visit> visits = heap.roots().get("visits", PMap.class);
      if (visits == null) {
        visits = new PHashMap<>(heap);
        heap.roots().put("visits", visits);
      }
      long number = visits.size() + 1L;
      String key = "run " + number;
      visits.put(PString.of(heap, key), VisitProxy.create(System.getProperty("user.name"), number));
      long size = visits.size();
      Visit last = visits.get(PString.probe(key));  // read back through the map, by a volatile key
      System.out.println(file + ": " + size + (size == 1 ? " entry" : " entries") + "; " + key + " by "
          + last.getWho() + ", visit #" + last.getNumber());
      if (expected >= 0 && size != expected) {
        System.err.println("expected " + expected + (expected == 1 ? " entry" : " entries") + ", found " + size);
        System.exit(1);
      }
    } finally {
      JNVM.close();
    }
  }
}
