package org.jnvm.crash.scenarios;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.LongSupplier;
import org.jnvm.PObject;
import org.jnvm.crash.History;
import org.jnvm.crash.Recovered;
import org.jnvm.crash.Violations;
import org.jnvm.crash.objects.Cell;
import org.jnvm.crash.objects.SelfChecking;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;

/**
 * Root puts, removes and weak puts over a few names in a small root table, so that entries are
 * freed and reused under other names. After a crash every known root is absent or holds an id its
 * history allows, no other name exists, and a root that holds a two-cell graph (put as in the
 * paper's Figure 5: the child validated without a fence, the put fencing for both) has its child.
 * So does a graph of two new cells that the program neither writes back nor validates: the put
 * publishes the child it reaches with the parent.
 */
final class RootsScenario extends Seeded {
  private static final int CAPACITY = 6;

  private final int names;
  private final boolean weakNewNames;
  private final Op[] menu;

  /**
   * @param weakNewNames whether a weak put may take a new entry (write a name); when false, a weak
   *     put of an unbound name is a put instead
   * @param menu the operations to draw from, uniformly
   */
  RootsScenario(String name, long seed, int names, int ops, boolean weakNewNames, Op... menu) {
    super(name, seed, ops);
    this.names = names;
    this.weakNewNames = weakNewNames;
    this.menu = menu.length == 0 ? Op.values() : menu.clone();
  }

  @Override
  public HeapConfig config() {
    return ObjectMix.heap(1 << 20, CAPACITY);
  }

  @Override
  public Run newRun(LongSupplier fences) {
    return new RootsRun(fences);
  }

  enum Op {
    PUT,
    PUT_GRAPH,
    PUT_NEW_GRAPH,
    REMOVE,
    WPUT,
    WPUT_INVALID,
    VALIDATE,
    FENCE
  }

  private final class RootsRun implements Run {
    private final LongSupplier fences;
    private final SplittableRandom rng = new SplittableRandom(seed);
    private final Map<String, History<Long>> expected = new LinkedHashMap<>();
    private final Map<String, PObject> current = new HashMap<>();
    private final Map<String, SelfChecking> unvalidated = new HashMap<>();
    /** Parent id to child id, for the graphs. */
    private final Map<Long, Long> children = new HashMap<>();
    private Heap heap;
    private long nextId = 1;
    private long done;

    RootsRun(LongSupplier fences) {
      this.fences = fences;
      for (int i = 0; i < names; i++) {
        expected.put(rootName(i), new History<>(0L));
      }
    }

    private String rootName(int i) {
      // Names of different lengths, so that a reused entry's old name is longer or shorter.
      return "r" + i + "-" + "x".repeat(i * 7 % 23);
    }

    @Override
    public void execute(Heap h) {
      heap = h;
      for (int n = 0; n < ops; n++) {
        step(menu[rng.nextInt(menu.length)], rootName(rng.nextInt(names)));
        done++;
      }
    }

    private void step(Op chosen, String root) {
      boolean weak = chosen == Op.WPUT || chosen == Op.WPUT_INVALID;
      Op op = weak && !weakNewNames && !heap.roots().exists(root) ? Op.PUT : chosen;
      History<Long> h = expected.get(root);
      PObject old = current.get(root);
      switch (op) {
        case PUT, PUT_GRAPH -> {
          SelfChecking o = op == Op.PUT ? ObjectMix.SMALL.create(heap, nextId++, rng) : graph();
          o.pwb();
          int e = h.begin(o.id());
          heap.roots().put(root, o);
          h.done(e, fences.getAsLong());
          replaced(root, o, old, true);
        }
        case PUT_NEW_GRAPH -> {
          Cell child = new Cell(heap, nextId++);
          Cell parent = new Cell(heap, nextId++);
          parent.setNext(child);
          children.put(parent.id(), child.id());
          int e = h.begin(parent.id());
          heap.roots().put(root, parent);
          h.done(e, fences.getAsLong());
          replaced(root, parent, old, true);
        }
        case REMOVE -> {
          int e = h.begin(0L);
          heap.roots().remove(root);
          h.done(e, fences.getAsLong());
          replaced(root, null, old, true);
        }
        case WPUT -> {
          // The paper's Figure 5: weak put of an invalid object, one pfence, then validate.
          SelfChecking o = ObjectMix.SMALL.create(heap, nextId++, rng);
          o.pwb();
          int e = h.begin(0L);
          heap.roots().wput(root, o);
          h.done(e, fences.getAsLong() + 1);
          heap.pfence();
          replaced(root, o, old, true);
          e = h.begin(o.id());
          o.validate();
          h.done(e, fences.getAsLong() + 1);
        }
        case WPUT_INVALID -> {
          SelfChecking o = ObjectMix.SMALL.create(heap, nextId++, rng);
          o.pwb();
          int e = h.begin(0L);
          heap.roots().wput(root, o);
          h.done(e, fences.getAsLong() + 1);
          replaced(root, o, old, false);
          unvalidated.put(root, o);
        }
        case VALIDATE -> {
          SelfChecking o = unvalidated.remove(root);
          if (o != null) {
            // The object's contents must be durable before it is valid.
            heap.pfence();
            int e = h.begin(o.id());
            o.validate();
            heap.pfence();
            h.done(e, fences.getAsLong());
          }
        }
        case FENCE -> heap.pfence();
      }
    }

    /** A cell whose child is written back and validated, without a fence. */
    private SelfChecking graph() {
      Cell child = new Cell(heap, nextId++);
      child.pwb();
      child.validate();
      Cell parent = new Cell(heap, nextId++);
      parent.setNext(child);
      children.put(parent.id(), child.id());
      return parent;
    }

    /** Bookkeeping after a root changed; the old object is freed when its unlinking is durable. */
    private void replaced(String root, PObject now, PObject old, boolean durable) {
      unvalidated.remove(root);
      if (now == null) {
        current.remove(root);
      } else {
        current.put(root, now);
      }
      if (old != null && durable && old != now) {
        heap.free(old);
      }
    }

    @Override
    public void check(Recovered r, Violations v) {
      long k = fences.getAsLong();
      TreeSet<String> unknown = new TreeSet<>(r.heap().roots().names());
      unknown.removeAll(expected.keySet());
      v.check(unknown.isEmpty(), "the root table holds names no one put: " + unknown);
      for (Map.Entry<String, History<Long>> e : expected.entrySet()) {
        PObject o = r.root(e.getKey(), PObject.class);
        long id = ObjectMix.idOf(o);
        if (!e.getValue().allows(id, k)) {
          List<Long> allowed = e.getValue().allowed(k);
          v.fail("root '" + e.getKey() + "' holds " + (id == 0 ? "nothing" : "object " + id) + "; after " + k + " fences it may hold only " + allowed + " (0 = absent)");
        }
        Long child = children.get(id);
        if (child != null) {
          Cell next = ((Cell) o).next();
          v.check(next != null && next.id() == child, "root '" + e.getKey() + "' holds object " + id + " without its child " + child);
        }
      }
    }

    @Override
    public long operations() {
      return done;
    }
  }
}
