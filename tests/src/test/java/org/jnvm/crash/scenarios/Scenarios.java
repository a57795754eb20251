package org.jnvm.crash.scenarios;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.jnvm.crash.CrashScenario;
import org.jnvm.crash.ScenarioFamily;

/**
 * The scenario families of the crash campaign. Failure-atomic blocks and pdt add their families to
 * {@link #campaign()}.
 */
public final class Scenarios {
  private static final long MIB = 1 << 20;

  private Scenarios() {}

  /** What {@code mvn verify} runs, with the share of crash points each family gets. */
  public static List<ScenarioFamily> campaign() {
    return List.of(
        slots("alloc", 0.18, 400, 6, 40, MIB, ObjectMix.SMALL, weights(
            SlotOp.PUBLISH, 3, SlotOp.REPLACE_FREE, 3, SlotOp.CLEAR, 1, SlotOp.GARBAGE, 1, SlotOp.VALID_GARBAGE, 1,
            SlotOp.ALLOC_FREE, 2, SlotOp.LINK_INVALID, 1, SlotOp.VALIDATE_LINKED, 1, SlotOp.FENCE, 1)),
        slots("update", 0.06, 400, 2, 30, MIB, ObjectMix.SMALL, weights(
            SlotOp.PUBLISH, 2, SlotOp.REPLACE_FREE, 3, SlotOp.CLEAR, 1, SlotOp.FENCE, 1)),
        slots("updatefree", 0.05, 400, 3, 30, MIB, ObjectMix.SMALL, weights(
            SlotOp.PUBLISH, 1, SlotOp.UPDATE_AND_FREE, 4, SlotOp.FENCE, 1)),
        slots("sparse", 0.05, 400, 4, 50, MIB, ObjectMix.SPARSE, weights(
            SlotOp.PUBLISH, 1, SlotOp.REPLACE_FREE, 4, SlotOp.CLEAR, 1, SlotOp.FENCE, 1)),
        new ScenarioFamily("roots", 0.12, 400, i -> new RootsScenario("roots-" + i, seed("roots", i), 4, 40, false)),
        new ScenarioFamily("wputnew", 0.05, 400, i -> new RootsScenario("wputnew-" + i, seed("wputnew", i), 3, 40, true,
            RootsScenario.Op.REMOVE, RootsScenario.Op.WPUT, RootsScenario.Op.WPUT_INVALID, RootsScenario.Op.VALIDATE)),
        slots("window", 0.1, 150, 24, 90, 4 * MIB, ObjectMix.LARGE, weights(
            SlotOp.PUBLISH, 4, SlotOp.REPLACE_FREE, 3, SlotOp.CLEAR, 1, SlotOp.GARBAGE, 2, SlotOp.ALLOC_FREE, 1, SlotOp.FENCE, 1)),
        slots("churn", 0.17, 300, 12, 700, MIB, ObjectMix.SMALL, weights(
            SlotOp.PUBLISH, 1, SlotOp.REPLACE_FREE, 8, SlotOp.CLEAR, 2, SlotOp.GARBAGE, 1, SlotOp.VALID_GARBAGE, 1,
            SlotOp.ALLOC_FREE, 3, SlotOp.LINK_INVALID, 1, SlotOp.VALIDATE_LINKED, 1, SlotOp.FENCE, 1)),
        new ScenarioFamily("fa", 0.12, 400, i -> new FaScenario("fa-" + i, seed("fa", i), 25)),
        new ScenarioFamily("inline", 0.06, 300, i -> new InlineScenario("inline-" + i, seed("inline", i), 25)),
        new ScenarioFamily("bank", 0.1, 400, i -> new BankScenario("bank-" + i, seed("bank", i), 20)),
        new ScenarioFamily("pdt", 0.14, 300, i -> new PdtScenario("pdt-" + i, seed("pdt", i), 20, i)),
        new ScenarioFamily("cow", 0.16, 300, i -> new CopyOnWriteScenario("cow-" + i, seed("cow", i), 20, i, true)),
        new ScenarioFamily("record", 0.08, 300, i -> new RecordScenario("record-" + i, seed("record", i), 25)));
  }

  /**
   * Scenarios that exercise an operation with a known crash-consistency issue (see the crash
   * findings). They run, and are reported, apart from the campaign: their violations do not fail
   * the build until the issue is fixed, and then they move into {@link #campaign()}. None now.
   */
  public static List<ScenarioFamily> knownBugs() {
    return List.of();
  }

  /** Deliberately broken protocols: the campaign must find violations in them. */
  public static List<ScenarioFamily> negativeControls() {
    return List.of(
        slots("nopwb", 1, 400, 3, 20, MIB, ObjectMix.SMALL, weights(SlotOp.PUBLISH, 1, SlotOp.BROKEN_NO_PWB, 1, SlotOp.FENCE, 1)),
        slots("storefirst", 1, 400, 3, 20, MIB, ObjectMix.SMALL, weights(SlotOp.PUBLISH, 1, SlotOp.BROKEN_STORE_FIRST, 1, SlotOp.FENCE, 1)),
        new ScenarioFamily("cowearly", 1, 400, i -> new CopyOnWriteScenario("cowearly-" + i, seed("cowearly", i), 20, i, false)));
  }

  /** The scenario a replay key names, such as {@code alloc-3}, from any of the lists above. */
  public static CrashScenario byName(String name) {
    int dash = name.lastIndexOf('-');
    if (dash < 0) {
      throw new IllegalArgumentException("a scenario name is family-variant, such as alloc-3: " + name);
    }
    String family = name.substring(0, dash);
    int variant = Integer.parseInt(name.substring(dash + 1));
    List<ScenarioFamily> all = new ArrayList<>(campaign());
    all.addAll(knownBugs());
    all.addAll(negativeControls());
    for (ScenarioFamily f : all) {
      if (f.name().equals(family)) {
        return f.variant(variant);
      }
    }
    throw new IllegalArgumentException("no scenario family " + family);
  }

  private static ScenarioFamily slots(
      String family, double weight, int points, int slots, int ops, long heap, ObjectMix objects, Map<SlotOp, Integer> weights) {
    return new ScenarioFamily(
        family, weight, points, i -> new SlotsScenario(family + "-" + i, seed(family, i), slots, ops, heap, objects, weights));
  }

  private static long seed(String family, int variant) {
    return family.hashCode() * 0x1_0000_0001L + variant;
  }

  private static Map<SlotOp, Integer> weights(Object... pairs) {
    Map<SlotOp, Integer> m = new EnumMap<>(SlotOp.class);
    for (int i = 0; i < pairs.length; i += 2) {
      m.put((SlotOp) pairs[i], (Integer) pairs[i + 1]);
    }
    return m;
  }
}
