package org.jnvm.pdt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A call through {@code Map} or {@code Set} to a persistent collection's lookups and changes
 * reaches the implementation directly, not through javac's bridge methods: behind a bridge, C2
 * sometimes declined to inline the implementation (see {@link MapView}). A bound on a view's type
 * parameter, or a view class that is not public, brings the bridges back.
 */
class NoBridgeTest {
  private static final Set<String> HOT = Set.of("get", "containsKey", "put", "putIfAbsent", "remove", "replace", "contains", "add");

  static Stream<Class<?>> collections() {
    return Stream.of(
        PHashMap.class, PTreeMap.class, PSkipListMap.class, PConcurrentHashMap.class,
        PHashSet.class, PTreeSet.class, PSkipListSet.class, PConcurrentHashSet.class);
  }

  @ParameterizedTest
  @MethodSource("collections")
  void hotMethodsHaveNoBridges(Class<?> collection) {
    List<String> bridges = new ArrayList<>();
    for (Class<?> c = collection; c.getPackage() == PHashMap.class.getPackage(); c = c.getSuperclass()) {
      for (Method m : c.getDeclaredMethods()) {
        if (m.isBridge() && HOT.contains(m.getName())) {
          bridges.add(m.toString());
        }
      }
    }
    assertEquals(List.of(), bridges);
  }
}
