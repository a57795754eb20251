package org.jnvm.pdt;

import com.google.common.collect.testing.NavigableSetTestSuiteBuilder;
import com.google.common.collect.testing.SetTestSuiteBuilder;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.SetFeature;
import junit.framework.Test;
import junit.framework.TestSuite;
import org.junit.runner.RunWith;
import org.junit.runners.AllTests;

/** guava-testlib's set suites on every persistent set: general-purpose sets without nulls. */
@RunWith(AllTests.class)
public final class SetConformanceTest {
  private SetConformanceTest() {}

  public static Test suite() {
    TestSuite all = new TestSuite("persistent sets");
    all.addTest(
        SetTestSuiteBuilder.using(new Samples.Sets(heap -> new PHashSet<>(heap, Policy.BASE)))
            .named("PHashSet")
            .withFeatures(SetFeature.GENERAL_PURPOSE, CollectionFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION, CollectionSize.ANY)
            .createTestSuite());
    all.addTest(
        NavigableSetTestSuiteBuilder.using(new Samples.SortedSets(heap -> new PTreeSet<>(heap, Policy.CACHED)))
            .named("PTreeSet")
            .withFeatures(
                SetFeature.GENERAL_PURPOSE,
                CollectionFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION,
                CollectionFeature.KNOWN_ORDER,
                CollectionSize.ANY)
            .createTestSuite());
    all.addTest(
        NavigableSetTestSuiteBuilder.using(new Samples.SortedSets(heap -> new PSkipListSet<>(heap, Policy.EAGER)))
            .named("PSkipListSet")
            .withFeatures(SetFeature.GENERAL_PURPOSE, CollectionFeature.KNOWN_ORDER, CollectionSize.ANY)
            .createTestSuite());
    all.addTest(
        SetTestSuiteBuilder.using(new Samples.Sets(heap -> new PConcurrentHashSet<>(heap, Policy.BASE)))
            .named("PConcurrentHashSet")
            .withFeatures(SetFeature.GENERAL_PURPOSE, CollectionSize.ANY)
            .createTestSuite());
    return all;
  }
}
