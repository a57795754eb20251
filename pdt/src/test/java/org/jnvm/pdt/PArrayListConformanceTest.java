package org.jnvm.pdt;

import com.google.common.collect.testing.ListTestSuiteBuilder;
import com.google.common.collect.testing.SampleElements;
import com.google.common.collect.testing.TestListGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.ListFeature;
import java.util.List;
import junit.framework.Test;
import org.junit.runner.RunWith;
import org.junit.runners.AllTests;

/** guava-testlib's List conformance suite on {@link PArrayList}. */
@RunWith(AllTests.class)
public final class PArrayListConformanceTest {
  private PArrayListConformanceTest() {}

  public static Test suite() {
    return ListTestSuiteBuilder.using(new Generator())
        .named("PArrayList")
        .withFeatures(
            ListFeature.GENERAL_PURPOSE,
            CollectionFeature.ALLOWS_NULL_VALUES,
            CollectionFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION,
            CollectionSize.ANY)
        .createTestSuite();
  }

  private static final class Generator implements TestListGenerator<PString> {
    @Override
    public SampleElements<PString> samples() {
      return new SampleElements<>(
          PString.of(ConformanceHeap.heap(), "a"),
          PString.of(ConformanceHeap.heap(), "b"),
          PString.of(ConformanceHeap.heap(), "c"),
          PString.of(ConformanceHeap.heap(), "d"),
          PString.of(ConformanceHeap.heap(), "e"));
    }

    @Override
    public List<PString> create(Object... elements) {
      PArrayList<PString> list = new PArrayList<>(ConformanceHeap.heap());
      for (Object e : elements) {
        list.add((PString) e);
      }
      return list;
    }

    @Override
    public PString[] createArray(int length) {
      return new PString[length];
    }

    @Override
    public Iterable<PString> order(List<PString> insertionOrder) {
      return insertionOrder;
    }
  }
}
