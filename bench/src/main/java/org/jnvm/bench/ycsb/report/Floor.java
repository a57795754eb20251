package org.jnvm.bench.ycsb.report;

import java.util.ArrayList;
import java.util.List;
import org.jnvm.bench.ycsb.YcsbBinding;

/**
 * One floor the issue sets, checked on one workload and thread count.
 *
 * @param what the comparison, e.g. "jnvm-pdt / volatile, whole-client throughput"
 * @param ratio the measured ratio; NaN when it cannot be computed
 * @param floor the least ratio that meets it; a floor of 1 means "ahead", so the ratio must exceed it
 * @param note why a ratio is missing or does not mean what it says, or empty
 */
record Floor(int threads, char workload, String what, double ratio, double floor, String note) {
  static final double VOLATILE_THROUGHPUT = 0.67;
  static final double VOLATILE_STORE = 0.6;
  static final double FA_THROUGHPUT = 0.67;
  static final double MAPDB_STORE = 50;
  static final String MAPDB_WORKLOADS = "af";

  /** "met", "**not met**", or "undetermined" when there is no ratio. */
  String verdict() {
    if (Double.isNaN(ratio)) {
      return "undetermined";
    }
    boolean met = floor == 1 ? ratio > 1 : ratio >= floor;
    return met ? "met" : "**not met**";
  }

  /** Every floor on every workload and thread count of {@code results}. */
  static List<Floor> all(Results results, List<Integer> threadCounts, String workloads) {
    List<Floor> floors = new ArrayList<>();
    for (int threads : threadCounts) {
      for (int at = 0; at < workloads.length(); at++) {
        char w = workloads.charAt(at);
        Run pdt = results.find(YcsbBinding.JNVM_PDT, threads, w).orElse(null);
        if (pdt == null) {
          continue;
        }
        results.find(YcsbBinding.VOLATILE, threads, w).ifPresent(vol -> {
          floors.add(new Floor(threads, w, "jnvm-pdt / volatile, whole-client throughput", Results.throughputRatio(pdt, vol), VOLATILE_THROUGHPUT, ""));
          floors.add(new Floor(threads, w, "jnvm-pdt / volatile, store-only speed (volatile's store time / jnvm-pdt's)", results.storeSpeedRatio(pdt, vol),
              VOLATILE_STORE, noteIfNaN(results.storeSpeedRatio(pdt, vol), "a store-only time is not positive")));
        });
        results.find(YcsbBinding.JNVM_FA, threads, w).ifPresent(fa -> floors.add(new Floor(threads, w, "jnvm-fa / jnvm-pdt, whole-client throughput",
            Results.throughputRatio(fa, pdt), FA_THROUGHPUT, "")));
        for (YcsbBinding peer : YcsbBinding.values()) {
          if (!peer.peer()) {
            continue;
          }
          results.find(peer, threads, w).ifPresent(p -> {
            // A peer that refused operations (Chronicle Map's scans) did not do the work: no ratio.
            double ratio = p.failed() > 0 ? Double.NaN : Results.throughputRatio(pdt, p);
            floors.add(new Floor(threads, w, "jnvm-pdt / " + peer.id() + ", whole-client throughput (ahead)", ratio, 1,
                p.failed() > 0 ? peer.id() + " failed " + p.failed() + " operations (it cannot do them)" : ""));
            if (peer == YcsbBinding.MAPDB && MAPDB_WORKLOADS.indexOf(w) >= 0) {
              double speed = results.storeSpeedRatio(pdt, p);
              floors.add(new Floor(threads, w, "jnvm-pdt / mapdb, store-only speed (mapdb's store time / jnvm-pdt's)", speed, MAPDB_STORE,
                  noteIfNaN(speed, "a store-only time is not positive")));
            }
          });
        }
      }
    }
    return floors;
  }

  private static String noteIfNaN(double v, String why) {
    return Double.isNaN(v) ? why : "";
  }
}
