package org.jnvm.crash.scenarios;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import org.jnvm.crash.History;
import org.jnvm.crash.Recovered;
import org.jnvm.crash.Violations;
import org.jnvm.crash.objects.Slots;
import org.jnvm.heap.Heap;
import org.jnvm.pdt.Contents;
import org.jnvm.pdt.PBytes;
import org.jnvm.pdt.PMap;
import org.jnvm.pdt.PString;

/**
 * Immutable records in a pdt map, changed copy-on-write as jnvm-pdt's YCSB store changes a record
 * it cannot change in place ({@link RecordScenario} has the changes in place): an update swaps a
 * new {@link PBytes} in with the map's one atomic update and frees the one it replaced; a delete
 * removes the key, freeing the map's key, then frees the value. Values are small (in a pool block)
 * or span two blocks, so that both kinds of free are crossed.
 *
 * <p>The free of a replaced value must wait for a fence after the swap. Neither the swap nor a free
 * fences, so without one the invalidation of the old value can reach memory before the reference
 * to the new one does; recovery then clears the pair's reference to an invalid object, and the key
 * is gone, which is neither the state before the update nor the one after it. With {@code
 * fenceBeforeFree} false the scenario frees at once: a negative control, which the campaign must
 * catch.
 */
final class CopyOnWriteScenario extends Seeded {
  static final String ROOT = "cow";
  private static final int KEYS = 5;
  /** A value of this many bytes spans two 256-byte blocks; one of 8 fits in a pool slot. */
  private static final int LARGE = 300;

  private final PdtScenario.MapChoice choice;
  private final boolean fenceBeforeFree;

  /** Variant {@code variant} makes its map as {@link PdtScenario.MapChoice#of} says. */
  CopyOnWriteScenario(String name, long seed, int ops, int variant, boolean fenceBeforeFree) {
    super(name, seed, ops);
    this.choice = PdtScenario.MapChoice.of(variant);
    this.fenceBeforeFree = fenceBeforeFree;
  }

  @Override
  public Run newRun(LongSupplier fences) {
    return new CowRun(fences);
  }

  /** A value's content: its id, then padding up to its size. */
  private static byte[] content(long id, boolean large) {
    return ByteBuffer.allocate(large ? LARGE : Long.BYTES).putLong(id).array();
  }

  private static long id(PBytes value) {
    return ByteBuffer.wrap(value.toByteArray()).getLong();
  }

  private final class CowRun implements Run {
    private final LongSupplier fences;
    private final SplittableRandom rng = new SplittableRandom(seed);
    private final History<List<Long>> states = new History<>(List.of());
    private final TreeMap<Integer, Long> model = new TreeMap<>();
    /** The map's own key proxy of each key, which a delete frees as it removes the key. */
    private final Map<Integer, PString> keys = new HashMap<>();
    private Heap heap;
    private PMap<PString, PBytes> map;
    private long nextId = 1;
    private long done;

    CowRun(LongSupplier fences) {
      this.fences = fences;
    }

    @Override
    public void execute(Heap h) {
      heap = h;
      Slots root = new Slots(heap, 1);
      map = choice.create(heap);
      map.pwb();
      map.validate();
      root.set(0, map);
      root.pwb();
      int e = states.begin(state());
      heap.roots().put(ROOT, root);
      states.done(e, fences.getAsLong());
      for (int n = 0; n < ops; n++) {
        step(rng.nextInt(KEYS), rng.nextInt(4));
        done++;
      }
    }

    private void step(int k, int kind) {
      boolean present = model.containsKey(k);
      if (kind == 0 && present) {
        delete(k);
      } else if (present) {
        update(k);
      } else {
        insert(k);
      }
    }

    private PBytes newValue(long id) {
      return PBytes.of(heap, content(id, rng.nextBoolean()));
    }

    private void insert(int k) {
      long id = nextId++;
      model.put(k, id);
      PString key = PString.of(heap, "key-" + k);
      PBytes value = newValue(id);
      int e = states.begin(state());
      map.put(key, value);
      keys.put(k, key);
      states.done(e, fences.getAsLong() + 1);
    }

    private void update(int k) {
      long id = nextId++;
      model.put(k, id);
      PBytes value = newValue(id);
      List<PBytes> replaced = new ArrayList<>(1);
      int e = states.begin(state());
      map.computeIfPresent(PString.probe("key-" + k), (key, old) -> {
        replaced.add(old);
        return value;
      });
      freeUnlinked(replaced.get(0));
      states.done(e, fences.getAsLong() + (fenceBeforeFree ? 0 : 1));
    }

    private void delete(int k) {
      model.remove(k);
      PString key = keys.remove(k);
      PBytes value = map.get(key);
      int e = states.begin(state());
      map.removeAndFree(key, Contents.KEYS);
      freeUnlinked(value);
      states.done(e, fences.getAsLong() + (fenceBeforeFree ? 0 : 1));
    }

    /** Frees a value the map no longer references: after a fence, unless this is the negative control. */
    private void freeUnlinked(PBytes value) {
      if (fenceBeforeFree) {
        heap.pfence();
      }
      heap.free(value);
    }

    private List<Long> state() {
      return PdtScenario.pack(model);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void check(Recovered r, Violations v) {
      long k = fences.getAsLong();
      Slots root = r.root(ROOT, Slots.class);
      List<Long> found = List.of();
      if (root != null) {
        PMap<PString, PBytes> m = (PMap<PString, PBytes>) root.get(0);
        v.check(m.policy() == choice.policy(), "the map's policy is " + m.policy() + ", it was made " + choice.policy());
        TreeMap<Integer, Long> entries = new TreeMap<>();
        for (Map.Entry<PString, PBytes> en : m.entrySet()) {
          int key = Integer.parseInt(en.getKey().toString().substring("key-".length()));
          if (entries.put(key, id(en.getValue())) != null) {
            v.fail("the map holds key " + key + " twice");
          }
        }
        v.check(m.size() == entries.size(), "the map says it has " + m.size() + " entries, its scan finds " + entries.size());
        found = PdtScenario.pack(entries);
      }
      if (!states.allows(found, k)) {
        v.fail("the map holds " + found + " (key << 32 | value id); after " + k + " fences it may hold only " + states.allowed(k));
      }
    }

    @Override
    public long operations() {
      return done;
    }
  }
}
