package org.jnvm.bench.ycsb;

import java.util.Locale;
import org.jnvm.bench.ycsb.jnvm.BlackholeBinding;
import org.jnvm.bench.ycsb.jnvm.JnvmFaBinding;
import org.jnvm.bench.ycsb.jnvm.JnvmPdtBinding;
import org.jnvm.bench.ycsb.jnvm.VolatileBinding;
import org.jnvm.bench.ycsb.peers.ChronicleMapBinding;
import org.jnvm.bench.ycsb.peers.LmdbBinding;
import org.jnvm.bench.ycsb.peers.MapDbBinding;
import site.ycsb.DB;

/** Every YCSB binding of the benchmarks, with what the runner and the report need to know of it. */
public enum YcsbBinding {
  BLACKHOLE(BlackholeBinding.class, BlackholeBinding.LABEL, false, false),
  VOLATILE(VolatileBinding.class, VolatileBinding.LABEL, false, true),
  JNVM_PDT(JnvmPdtBinding.class, JnvmPdtBinding.LABEL, false, true),
  JNVM_FA(JnvmFaBinding.class, JnvmFaBinding.LABEL, false, true),
  MAPDB(MapDbBinding.class, MapDbBinding.LABEL, true, false),
  CHRONICLE_MAP(ChronicleMapBinding.class, ChronicleMapBinding.LABEL, true, false),
  LMDB(LmdbBinding.class, LmdbBinding.LABEL, true, false);

  private final Class<? extends DB> type;
  private final String label;
  private final boolean peer;
  private final boolean configurable;

  YcsbBinding(Class<? extends DB> type, String label, boolean peer, boolean configurable) {
    this.type = type;
    this.label = label;
    this.peer = peer;
    this.configurable = configurable;
  }

  /** The short name of the CSV files and the command line: jnvm-pdt, mapdb... */
  public String id() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public static YcsbBinding ofId(String id) {
    return valueOf(id.toUpperCase(Locale.ROOT).replace('-', '_'));
  }

  /** The class YCSB's {@code DBFactory} instantiates. */
  public Class<? extends DB> type() {
    return type;
  }

  /** The store and what it makes durable. */
  public String label() {
    return label;
  }

  /** A peer store, whose JVM needs the flags of bench/ycsb/peer-jvm-flags. */
  public boolean peer() {
    return peer;
  }

  /** Takes the map and policy of {@code JnvmConfig} (the jnvm bindings and volatile). */
  public boolean configurable() {
    return configurable;
  }
}
