package org.jnvm.pdt;

import com.google.common.collect.testing.SampleElements;
import com.google.common.collect.testing.TestMapGenerator;
import com.google.common.collect.testing.TestSetGenerator;
import com.google.common.collect.testing.TestSortedMapGenerator;
import com.google.common.collect.testing.TestSortedSetGenerator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.function.Function;
import org.jnvm.heap.Heap;

/**
 * guava-testlib generators for the persistent maps and sets, keyed by {@link PString}s that sort as
 * the suites expect: the samples b to f, "below" keys before them and "above" keys after them.
 */
final class Samples {
  private Samples() {}

  private static PString s(String text) {
    return PString.of(ConformanceHeap.heap(), text);
  }

  private static Map.Entry<PString, PString> entry(String key) {
    return Map.entry(s(key), s("value of " + key));
  }

  /** Makes maps of one kind, each holding the entries a test asks for. */
  static class Maps implements TestMapGenerator<PString, PString> {
    private final Function<Heap, Map<PString, PString>> make;

    Maps(Function<Heap, Map<PString, PString>> make) {
      this.make = make;
    }

    @Override
    public SampleElements<Map.Entry<PString, PString>> samples() {
      return new SampleElements<>(entry("b"), entry("c"), entry("d"), entry("e"), entry("f"));
    }

    @Override
    public Map<PString, PString> create(Object... entries) {
      Map<PString, PString> map = make.apply(ConformanceHeap.heap());
      for (Object o : entries) {
        @SuppressWarnings("unchecked")
        Map.Entry<PString, PString> e = (Map.Entry<PString, PString>) o;
        map.put(e.getKey(), e.getValue());
      }
      return map;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map.Entry<PString, PString>[] createArray(int length) {
      return (Map.Entry<PString, PString>[]) new Map.Entry<?, ?>[length];
    }

    @Override
    public Iterable<Map.Entry<PString, PString>> order(List<Map.Entry<PString, PString>> insertionOrder) {
      List<Map.Entry<PString, PString>> sorted = new ArrayList<>(insertionOrder);
      sorted.sort(Map.Entry.comparingByKey());
      return sorted;
    }

    @Override
    public PString[] createKeyArray(int length) {
      return new PString[length];
    }

    @Override
    public PString[] createValueArray(int length) {
      return new PString[length];
    }
  }

  /** Makes sorted maps; the extra entries sort before and after the samples. */
  static final class SortedMaps extends Maps implements TestSortedMapGenerator<PString, PString> {
    SortedMaps(Function<Heap, Map<PString, PString>> make) {
      super(make);
    }

    @Override
    public SortedMap<PString, PString> create(Object... entries) {
      return (SortedMap<PString, PString>) super.create(entries);
    }

    @Override
    public Map.Entry<PString, PString> belowSamplesLesser() {
      return entry("a");
    }

    @Override
    public Map.Entry<PString, PString> belowSamplesGreater() {
      return entry("aa");
    }

    @Override
    public Map.Entry<PString, PString> aboveSamplesLesser() {
      return entry("g");
    }

    @Override
    public Map.Entry<PString, PString> aboveSamplesGreater() {
      return entry("gg");
    }
  }

  /** Makes sets of one kind, each holding the elements a test asks for. */
  static class Sets implements TestSetGenerator<PString> {
    private final Function<Heap, Set<PString>> make;

    Sets(Function<Heap, Set<PString>> make) {
      this.make = make;
    }

    @Override
    public SampleElements<PString> samples() {
      return new SampleElements<>(s("b"), s("c"), s("d"), s("e"), s("f"));
    }

    @Override
    public Set<PString> create(Object... elements) {
      Set<PString> set = make.apply(ConformanceHeap.heap());
      for (Object o : elements) {
        set.add((PString) o);
      }
      return set;
    }

    @Override
    public PString[] createArray(int length) {
      return new PString[length];
    }

    @Override
    public Iterable<PString> order(List<PString> insertionOrder) {
      List<PString> sorted = new ArrayList<>(insertionOrder);
      sorted.sort(Comparator.naturalOrder());
      return sorted;
    }
  }

  /** Makes sorted sets; the extra elements sort before and after the samples. */
  static final class SortedSets extends Sets implements TestSortedSetGenerator<PString> {
    SortedSets(Function<Heap, Set<PString>> make) {
      super(make);
    }

    @Override
    public SortedSet<PString> create(Object... elements) {
      return (SortedSet<PString>) super.create(elements);
    }

    @Override
    public PString belowSamplesLesser() {
      return s("a");
    }

    @Override
    public PString belowSamplesGreater() {
      return s("aa");
    }

    @Override
    public PString aboveSamplesLesser() {
      return s("g");
    }

    @Override
    public PString aboveSamplesGreater() {
      return s("gg");
    }
  }
}
