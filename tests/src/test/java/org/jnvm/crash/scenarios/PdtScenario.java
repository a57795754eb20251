package org.jnvm.crash.scenarios;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import org.jnvm.PObject;
import org.jnvm.crash.History;
import org.jnvm.crash.Recovered;
import org.jnvm.crash.Violations;
import org.jnvm.crash.objects.Cell;
import org.jnvm.crash.objects.Slots;
import org.jnvm.heap.Heap;
import org.jnvm.pdt.PArrayList;
import org.jnvm.pdt.PConcurrentHashMap;
import org.jnvm.pdt.PHashMap;
import org.jnvm.pdt.PMap;
import org.jnvm.pdt.PSkipListMap;
import org.jnvm.pdt.PString;
import org.jnvm.pdt.PTreeMap;
import org.jnvm.pdt.Policy;

/**
 * pdt containers: an extensible list of cells (appends that grow its array, replacements, removals
 * at the end and in the middle, inserts) and a map from strings to cells (inserts, value
 * replacements by put and by computeIfPresent with a key probe, removals), both under one root. The
 * variant number picks the map's type and caching policy ({@link MapChoice}), so that consecutive
 * variants cover every pair. The oracle keeps one history per container, the list's ids and the
 * map's entries sorted by key, since nothing orders a change of one before a change of the other
 * without a fence between them. A change made with one atomic update is durable at the next fence;
 * one that fences after its store (removing the last element) or runs in a failure-atomic block
 * (shifting elements) is durable when it returns. After a crash the recovered list and map must
 * each be a state their history allows, and the map's mirror, rebuilt from a scan, must agree with
 * its entries.
 */
final class PdtScenario extends Seeded {
  /** The persistent map types, each made with a given policy. */
  enum MapKind {
    HASH,
    TREE,
    SKIP_LIST,
    CONCURRENT_HASH;

    <V extends PObject> PMap<PString, V> create(Heap heap, Policy policy) {
      return switch (this) {
        case HASH -> new PHashMap<>(heap, policy);
        case TREE -> new PTreeMap<>(heap, policy);
        case SKIP_LIST -> new PSkipListMap<>(heap, policy);
        case CONCURRENT_HASH -> new PConcurrentHashMap<>(heap, policy);
      };
    }
  }

  static final String ROOT = "pdt";
  private static final int KEYS = 6;
  /** Keys and values are packed as {@code key << 32 | value id} in the state. */
  private static final int SHIFT = 32;

  /** A map type and a policy, picked by a variant number so that consecutive variants cover every pair. */
  record MapChoice(MapKind kind, Policy policy) {
    /** Map type {@code variant % 4} and policy {@code variant / 4 % 3}. */
    static MapChoice of(int variant) {
      MapKind[] kinds = MapKind.values();
      Policy[] policies = Policy.values();
      return new MapChoice(kinds[variant % kinds.length], policies[variant / kinds.length % policies.length]);
    }

    <V extends PObject> PMap<PString, V> create(Heap heap) {
      return kind.create(heap, policy);
    }
  }

  private final MapChoice choice;

  /** Variant {@code variant} makes its map as {@link MapChoice#of} says. */
  PdtScenario(String name, long seed, int ops, int variant) {
    super(name, seed, ops);
    this.choice = MapChoice.of(variant);
  }

  @Override
  public Run newRun(LongSupplier fences) {
    return new PdtRun(fences);
  }

  /** A map's state as the oracle keeps it: a marker, then {@code key << 32 | value id} by key. */
  static List<Long> pack(Map<Integer, Long> entries) {
    List<Long> s = new ArrayList<>();
    s.add(-1L);
    for (Map.Entry<Integer, Long> en : entries.entrySet()) {
      s.add((long) en.getKey() << SHIFT | en.getValue());
    }
    return List.copyOf(s);
  }

  private final class PdtRun implements Run {
    private final LongSupplier fences;
    private final SplittableRandom rng = new SplittableRandom(seed);
    private final History<List<Long>> listStates = new History<>(List.of());
    private final History<List<Long>> mapStates = new History<>(List.of());
    private final List<Long> list = new ArrayList<>();
    private final TreeMap<Integer, Long> map = new TreeMap<>();
    private Heap heap;
    private PArrayList<Cell> plist;
    private PMap<PString, Cell> pmap;
    private long nextId = 1;
    private long done;

    PdtRun(LongSupplier fences) {
      this.fences = fences;
    }

    @Override
    public void execute(Heap h) {
      heap = h;
      Slots root = new Slots(heap, 2);
      plist = new PArrayList<>(heap);
      pmap = choice.create(heap);
      plist.validate();
      pmap.pwb();
      pmap.validate();
      root.set(0, plist);
      root.set(1, pmap);
      root.pwb();
      int l = listStates.begin(listState());
      int m = mapStates.begin(mapState());
      heap.roots().put(ROOT, root);
      listStates.done(l, fences.getAsLong());
      mapStates.done(m, fences.getAsLong());
      for (int n = 0; n < ops; n++) {
        step(rng.nextInt(10));
        done++;
      }
    }

    private void step(int kind) {
      switch (kind) {
        case 0, 1 -> {
          Cell c = cell();
          list.add(c.id());
          change(() -> plist.add(c), false, true);
        }
        case 2 -> {
          if (!list.isEmpty()) {
            int i = rng.nextInt(list.size());
            Cell c = cell();
            list.set(i, c.id());
            change(() -> plist.set(i, c), false, true);
          }
        }
        case 3 -> {
          if (!list.isEmpty()) {
            int i = list.size() - 1;
            list.remove(i);
            change(() -> plist.remove(i), true, true);
          }
        }
        case 4 -> {
          if (list.size() > 1) {
            int i = rng.nextInt(list.size() - 1);
            list.remove(i);
            change(() -> plist.remove(i), true, true);
          }
        }
        case 5 -> {
          int i = rng.nextInt(list.size() + 1);
          Cell c = cell();
          list.add(i, c.id());
          change(() -> plist.add(i, c), i < list.size() - 1, true);
        }
        case 6, 7 -> {
          int k = rng.nextInt(KEYS);
          Cell c = cell();
          map.put(k, c.id());
          PString key = PString.of(heap, "key-" + k);
          change(() -> pmap.put(key, c), false, false);
        }
        case 8 -> {
          int k = rng.nextInt(KEYS);
          if (map.containsKey(k)) {
            Cell c = cell();
            map.put(k, c.id());
            change(() -> pmap.computeIfPresent(PString.probe("key-" + k), (key, old) -> c), false, false);
          }
        }
        default -> {
          int k = rng.nextInt(KEYS);
          if (map.remove(k) != null) {
            change(() -> pmap.remove(PString.of(heap, "key-" + k)), false, false);
          }
        }
      }
    }

    private Cell cell() {
      return new Cell(heap, nextId++);
    }

    /**
     * Records the new state of the list (or the map) around a change of it; {@code fenced}: the
     * change is durable when it returns.
     */
    private void change(Runnable op, boolean fenced, boolean ofList) {
      History<List<Long>> h = ofList ? listStates : mapStates;
      int e = h.begin(ofList ? listState() : mapState());
      op.run();
      h.done(e, fences.getAsLong() + (fenced ? 0 : 1));
    }

    private List<Long> listState() {
      List<Long> s = new ArrayList<>(list);
      s.add(-1L);
      return List.copyOf(s);
    }

    private List<Long> mapState() {
      return pack(map);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void check(Recovered r, Violations v) {
      long k = fences.getAsLong();
      Slots root = r.root(ROOT, Slots.class);
      List<Long> foundList = List.of();
      List<Long> foundMap = List.of();
      if (root != null) {
        PArrayList<Cell> l = (PArrayList<Cell>) root.get(0);
        PMap<PString, Cell> m = (PMap<PString, Cell>) root.get(1);
        v.check(m.policy() == choice.policy(), "the map's policy is " + m.policy() + ", it was made " + choice.policy());
        List<Long> f = new ArrayList<>();
        for (int i = 0; i < l.size(); i++) {
          Cell c = l.get(i);
          f.add(c == null ? 0 : c.id());
        }
        f.add(-1L);
        foundList = List.copyOf(f);
        TreeMap<Integer, Long> entries = new TreeMap<>();
        for (Map.Entry<PString, Cell> en : m.entrySet()) {
          int key = Integer.parseInt(en.getKey().toString().substring("key-".length()));
          if (entries.put(key, en.getValue().id()) != null) {
            v.fail("the map holds key " + key + " twice");
          }
          Cell viaGet = m.get(en.getKey());
          v.check(viaGet != null && viaGet.id() == en.getValue().id(),
              "the map's mirror gives " + (viaGet == null ? "nothing" : "cell " + viaGet.id()) + " for key " + key + ", its scan cell " + en.getValue().id());
        }
        v.check(m.size() == entries.size(), "the map says it has " + m.size() + " entries, its scan finds " + entries.size());
        foundMap = pack(entries);
      }
      if (!listStates.allows(foundList, k)) {
        v.fail("the list holds " + foundList + "; after " + k + " fences it may hold only " + listStates.allowed(k));
      }
      if (!mapStates.allows(foundMap, k)) {
        v.fail("the map holds " + foundMap + " (key << 32 | id); after " + k + " fences it may hold only " + mapStates.allowed(k));
      }
    }

    @Override
    public long operations() {
      return done;
    }
  }
}
