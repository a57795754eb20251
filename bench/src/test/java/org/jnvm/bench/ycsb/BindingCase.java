package org.jnvm.bench.ycsb;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.jnvm.bench.ycsb.jnvm.JnvmConfig;
import org.jnvm.bench.ycsb.jnvm.MapKind;
import org.jnvm.bench.ycsb.store.StoreBinding;
import site.ycsb.DB;

/**
 * One binding in one configuration, as the tests run it: each peer once, the jnvm bindings and
 * volatile on every map kind (null for the peers).
 */
record BindingCase(YcsbBinding binding, MapKind map) {
  /** Every store binding in every configuration: the peers, then jnvm-pdt, jnvm-fa and volatile on each map. */
  static Stream<BindingCase> stores() {
    List<BindingCase> cases = new ArrayList<>();
    for (YcsbBinding binding : YcsbBinding.values()) {
      if (binding.peer()) {
        cases.add(new BindingCase(binding, null));
      } else if (binding.configurable()) {
        for (MapKind map : MapKind.values()) {
          cases.add(new BindingCase(binding, map));
        }
      }
    }
    return cases.stream();
  }

  /** The stores and the blackhole. */
  static Stream<BindingCase> all() {
    return Stream.concat(Stream.of(new BindingCase(YcsbBinding.BLACKHOLE, null)), stores());
  }

  /** Whether YCSB's scans run: Chronicle Map and the hash maps have no key order. */
  boolean scans() {
    return binding != YcsbBinding.CHRONICLE_MAP && binding != YcsbBinding.BLACKHOLE && (map == null || map.ordered());
  }

  /** Whether what it holds outlives its store's closing. */
  boolean durable() {
    return binding != YcsbBinding.VOLATILE && binding != YcsbBinding.BLACKHOLE;
  }

  /** The properties naming the store's directory and configuration. */
  Properties properties(Path storeDirectory) {
    Properties properties = new Properties();
    properties.setProperty(StoreBinding.STORE_DIR_PROPERTY, storeDirectory.toString());
    if (map != null) {
      properties.setProperty(JnvmConfig.MAP_PROPERTY, map.id());
    }
    return properties;
  }

  DB newBinding() throws ReflectiveOperationException {
    return binding.type().getDeclaredConstructor().newInstance();
  }

  @Override
  public String toString() {
    return binding.id() + (map == null ? "" : " on " + map.id());
  }
}
