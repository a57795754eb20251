package org.jnvm.crash.scenarios;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.jnvm.crash.History;
import org.jnvm.crash.Recovered;
import org.jnvm.crash.Violations;
import org.jnvm.heap.Heap;
import org.jnvm.pdt.PByteRecord;

/**
 * A {@link PByteRecord}'s fields replaced in place, one {@link PByteRecord#set} at a time, each
 * made durable with a fence, as jnvm-pdt's YCSB store updates a record: values of any length up to
 * the capacity, empty, or none. The record's slots span several blocks, so that a value and the
 * word that names its slot lie in different blocks and lines. The oracle is the whole record:
 * after a crash every field holds what the last durable change left, or the value the interrupted
 * change wrote, never a torn value or one of a slot that had been the spare.
 */
final class RecordScenario extends Seeded {
  static final String ROOT = "record";
  private static final int FIELDS = 5;
  private static final int CAPACITY = 120;

  RecordScenario(String name, long seed, int changes) {
    super(name, seed, changes);
  }

  @Override
  public Run newRun(LongSupplier fences) {
    return new RecordRun(fences);
  }

  private static List<String> stateOf(byte[][] values) {
    List<String> s = new ArrayList<>(values.length);
    for (byte[] value : values) {
      s.add(describe(value));
    }
    return List.copyOf(s);
  }

  private final class RecordRun implements Run {
    private final LongSupplier fences;
    private final SplittableRandom rng = new SplittableRandom(seed);
    private final History<List<String>> states = new History<>(List.of());
    private final byte[][] model = new byte[FIELDS][];
    private long done;

    RecordRun(LongSupplier fences) {
      this.fences = fences;
    }

    @Override
    public void execute(Heap heap) {
      for (int i = 0; i < FIELDS; i++) {
        model[i] = content();
      }
      PByteRecord record = PByteRecord.of(heap, CAPACITY, model.clone());
      int e = states.begin(stateOf(model));
      heap.roots().put(ROOT, record);
      states.done(e, fences.getAsLong());
      for (int n = 0; n < ops; n++) {
        int field = rng.nextInt(FIELDS);
        model[field] = content();
        int change = states.begin(stateOf(model));
        record.set(field, model[field]);
        heap.psync();
        states.done(change, fences.getAsLong());
        done++;
      }
    }

    /** Mostly full values, whose bytes span two or three lines; some short, empty or absent. */
    private byte[] content() {
      int kind = rng.nextInt(8);
      if (kind == 0) {
        return null;
      }
      byte[] value = new byte[kind == 1 ? 0 : kind == 2 ? rng.nextInt(CAPACITY) : CAPACITY];
      rng.nextBytes(value);
      return value;
    }

    @Override
    public void check(Recovered r, Violations v) {
      long k = fences.getAsLong();
      PByteRecord found = r.root(ROOT, PByteRecord.class);
      List<String> state = List.of();
      if (found != null) {
        byte[][] values = new byte[found.fields()][];
        for (int i = 0; i < values.length; i++) {
          values[i] = found.get(i);
        }
        state = stateOf(values);
      }
      if (!states.allows(state, k)) {
        v.fail("the record holds " + state + "; after " + k + " fences it may hold only " + states.allowed(k));
      }
    }

    @Override
    public long operations() {
      return done;
    }
  }
}
