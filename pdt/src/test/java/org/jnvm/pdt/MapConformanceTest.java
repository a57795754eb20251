package org.jnvm.pdt;

import com.google.common.collect.testing.ConcurrentMapTestSuiteBuilder;
import com.google.common.collect.testing.ConcurrentNavigableMapTestSuiteBuilder;
import com.google.common.collect.testing.MapTestSuiteBuilder;
import com.google.common.collect.testing.NavigableMapTestSuiteBuilder;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.MapFeature;
import junit.framework.Test;
import junit.framework.TestSuite;
import org.junit.runner.RunWith;
import org.junit.runners.AllTests;

/**
 * guava-testlib's map suites on every persistent map, and on each caching policy. The features are
 * what the maps do: everything a general-purpose map does except null keys, values and queries;
 * the single-threaded maps fail fast when changed during iteration, as their mirrors do.
 */
@RunWith(AllTests.class)
public final class MapConformanceTest {
  private MapConformanceTest() {}

  public static Test suite() {
    TestSuite all = new TestSuite("persistent maps");
    // Policies differ only in how a value proxy is obtained, which the hash suites exercise fully;
    // the much larger sorted suites (every range and descending view) run once.
    for (Policy policy : Policy.values()) {
      all.addTest(hashMaps(policy));
    }
    all.addTest(
        NavigableMapTestSuiteBuilder.using(new Samples.SortedMaps(heap -> new PTreeMap<>(heap, Policy.BASE)))
            .named("PTreeMap")
            .withFeatures(
                MapFeature.GENERAL_PURPOSE,
                CollectionFeature.SUPPORTS_ITERATOR_REMOVE,
                CollectionFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION,
                CollectionFeature.KNOWN_ORDER,
                CollectionSize.ANY)
            .createTestSuite());
    all.addTest(
        ConcurrentNavigableMapTestSuiteBuilder.using(new Samples.SortedMaps(heap -> new PSkipListMap<>(heap, Policy.CACHED)))
            .named("PSkipListMap")
            .withFeatures(
                MapFeature.GENERAL_PURPOSE, CollectionFeature.SUPPORTS_ITERATOR_REMOVE, CollectionFeature.KNOWN_ORDER, CollectionSize.ANY)
            .createTestSuite());
    all.addTest(
        ConcurrentMapTestSuiteBuilder.using(new Samples.Maps(heap -> new PConcurrentHashMap<>(heap, Policy.EAGER)))
            .named("PConcurrentHashMap")
            .withFeatures(MapFeature.GENERAL_PURPOSE, CollectionFeature.SUPPORTS_ITERATOR_REMOVE, CollectionSize.ANY)
            .createTestSuite());
    return all;
  }

  private static Test hashMaps(Policy policy) {
    return MapTestSuiteBuilder.using(new Samples.Maps(heap -> new PHashMap<>(heap, policy)))
        .named("PHashMap " + policy)
        .withFeatures(
            MapFeature.GENERAL_PURPOSE,
            CollectionFeature.SUPPORTS_ITERATOR_REMOVE,
            CollectionFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION,
            CollectionSize.ANY)
        .createTestSuite();
  }
}
