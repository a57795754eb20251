package org.jnvm.crash.scenarios;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.jnvm.PObject;
import org.jnvm.crash.History;
import org.jnvm.crash.Recovered;
import org.jnvm.crash.Violations;
import org.jnvm.crash.objects.SelfChecking;
import org.jnvm.crash.objects.Slots;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;

/**
 * A root array of slots, changed by a seeded random sequence of {@link SlotOp}s. The oracle keeps,
 * per slot, the history of the ids it held; after a crash each slot must hold the last durable id
 * or a later one, and never anything else (in particular never null where the old and the new
 * object were both non-null). The root itself is put first, so it may be absent only before that
 * put is durable.
 */
final class SlotsScenario extends Seeded {
  static final String ROOT = "slots";

  private final int slots;
  private final long heapBytes;
  private final ObjectMix objects;
  private final Map<SlotOp, Integer> weights;

  SlotsScenario(String name, long seed, int slots, int ops, long heapBytes, ObjectMix objects, Map<SlotOp, Integer> weights) {
    super(name, seed, ops);
    this.slots = slots;
    this.heapBytes = heapBytes;
    this.objects = objects;
    this.weights = new EnumMap<>(weights);
  }

  @Override
  public HeapConfig config() {
    return ObjectMix.heap(heapBytes, 8);
  }

  @Override
  public Run newRun(LongSupplier fences) {
    return new SlotsRun(fences);
  }

  private final class SlotsRun implements Run {
    private final LongSupplier fences;
    private final SplittableRandom rng = new SplittableRandom(seed);
    private final History<Long> root = new History<>(0L);
    private final List<History<Long>> expected = new ArrayList<>();
    private final PObject[] current = new PObject[slots];
    private final SelfChecking[] unvalidated = new SelfChecking[slots];
    private final List<SlotOp> choices = new ArrayList<>();
    private Heap heap;
    private Slots array;
    private long nextId = 1;
    private long done;

    SlotsRun(LongSupplier fences) {
      this.fences = fences;
      for (int i = 0; i < slots; i++) {
        expected.add(new History<>(0L));
      }
      for (Map.Entry<SlotOp, Integer> w : weights.entrySet()) {
        for (int i = 0; i < w.getValue(); i++) {
          choices.add(w.getKey());
        }
      }
    }

    @Override
    public void execute(Heap h) {
      heap = h;
      array = new Slots(heap, slots);
      array.pwb();
      int e = root.begin(1L);
      heap.roots().put(ROOT, array);
      root.done(e, fences.getAsLong());
      for (int n = 0; n < ops; n++) {
        step(choices.get(rng.nextInt(choices.size())), rng.nextInt(slots));
        done++;
      }
    }

    private void step(SlotOp op, int i) {
      switch (op) {
        case PUBLISH -> {
          SelfChecking o = create();
          o.pwb();
          update(i, o);
        }
        case REPLACE_FREE -> {
          SelfChecking o = create();
          o.pwb();
          PObject old = update(i, o);
          heap.pfence();
          free(old);
        }
        case UPDATE_AND_FREE -> {
          SelfChecking o = create();
          o.pwb();
          int e = expected.get(i).begin(o.id());
          array.updateAndFree(i, o);
          expected.get(i).done(e, fences.getAsLong() + 1);
          current[i] = o;
          unvalidated[i] = null;
        }
        case CLEAR -> {
          PObject old = update(i, null);
          heap.pfence();
          free(old);
        }
        case GARBAGE -> create();
        case VALID_GARBAGE -> {
          SelfChecking o = create();
          o.pwb();
          o.validate();
        }
        case ALLOC_FREE -> {
          SelfChecking o = create();
          if (rng.nextBoolean()) {
            o.pwb();
            o.validate();
          }
          heap.free(o);
        }
        case LINK_INVALID -> {
          SelfChecking o = create();
          o.pwb();
          PObject old = current[i];
          int e = expected.get(i).begin(0L);
          array.set(i, o);
          array.pwbElement(i);
          heap.pfence();
          expected.get(i).done(e, fences.getAsLong());
          current[i] = o;
          unvalidated[i] = o;
          free(old);
        }
        case VALIDATE_LINKED -> {
          SelfChecking o = unvalidated[i];
          if (o != null) {
            int e = expected.get(i).begin(o.id());
            o.validate();
            heap.pfence();
            expected.get(i).done(e, fences.getAsLong());
            unvalidated[i] = null;
          }
        }
        case FENCE -> heap.pfence();
        case BROKEN_NO_PWB -> {
          SelfChecking o = create();
          o.handle().contentWrittenBack(); // a false claim: publication then writes nothing of it back
          update(i, o);
        }
        case BROKEN_STORE_FIRST -> {
          SelfChecking o = create();
          o.pwb();
          int e = expected.get(i).begin(o.id());
          array.set(i, o);
          array.pwbElement(i);
          o.validate();
          heap.pfence();
          expected.get(i).done(e, fences.getAsLong());
          current[i] = o;
          unvalidated[i] = null;
        }
      }
    }

    private SelfChecking create() {
      return objects.create(heap, nextId++, rng);
    }

    /** The atomic update of slot {@code i}, recorded in the oracle; returns what the slot held. */
    private PObject update(int i, SelfChecking o) {
      PObject old = current[i];
      int e = expected.get(i).begin(ObjectMix.idOf(o));
      array.update(i, o);
      expected.get(i).done(e, fences.getAsLong() + 1);
      current[i] = o;
      unvalidated[i] = null;
      return old;
    }

    /** Frees an object whose last reference is durably gone. */
    private void free(PObject old) {
      if (old != null) {
        heap.free(old);
      }
    }

    @Override
    public void check(Recovered r, Violations v) {
      long k = fences.getAsLong();
      Slots s = r.root(ROOT, Slots.class);
      if (s == null) {
        v.check(root.allows(0L, k), "root '" + ROOT + "' is absent, but its put was durable");
        return;
      }
      if (s.length() != slots) {
        v.fail("the slot array has length " + s.length() + ", not " + slots);
        return;
      }
      for (int i = 0; i < slots; i++) {
        long id = ObjectMix.idOf(s.get(i));
        History<Long> h = expected.get(i);
        if (!h.allows(id, k)) {
          v.fail("slot " + i + " holds " + (id == 0 ? "null" : "object " + id) + "; after " + k + " fences it may hold only " + h.allowed(k) + " (0 = null)");
        }
      }
    }

    @Override
    public long operations() {
      return done;
    }
  }
}
