package org.jnvm.bench.ycsb.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.jnvm.bench.ycsb.YcsbBinding;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * Bar charts of a report, one panel per thread count, workloads along the x axis and a bar per
 * binding: whole-client throughput, and store-only time per operation (the paper's Figure 12) on a
 * log scale, as the peers are orders of magnitude apart.
 */
final class YcsbPlots {
  private static final int WIDTH = 1000;
  private static final int PANEL_HEIGHT = 380;
  /** Where a log axis shows a store-only time that is not positive (noise: no slower than the blackhole). */
  private static final double FLOOR_US = 0.01;

  private YcsbPlots() {}

  static void throughput(Results results, List<Integer> threadCounts, String workloads, Path png) throws IOException {
    write(results, threadCounts, workloads, png, "whole-client throughput", "ops/s", false, Run::opsPerSecond, false);
  }

  static void storeTime(Results results, List<Integer> threadCounts, String workloads, Path png) throws IOException {
    write(results, threadCounts, workloads, png, "store-only time per operation (binding − blackhole)", "µs per operation (log)", true,
        r -> atLeastFloor(results.storeMicrosPerOp(r)), true);
  }

  /** A log axis takes no value at or below zero, nor NaN: those show at the floor. */
  private static double atLeastFloor(double micros) {
    return micros > FLOOR_US ? micros : FLOOR_US;
  }

  private static void write(Results results, List<Integer> threadCounts, String workloads, Path png, String title, String axis, boolean log,
      ToDoubleFunction<Run> value, boolean withoutBlackhole) throws IOException {
    List<CategoryChart> panels = new ArrayList<>();
    List<String> categories = workloads.toUpperCase(java.util.Locale.ROOT).chars().mapToObj(c -> String.valueOf((char) c)).toList();
    for (int threads : threadCounts) {
      CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(PANEL_HEIGHT).title("YCSB, " + threads + " client thread" + (threads > 1 ? "s" : "") + ": " + title)
          .xAxisTitle("workload").yAxisTitle(axis).build();
      chart.getStyler().setYAxisLogarithmic(log);
      if (log) {
        // Bars start at zero, which a log axis cannot show: start them at the floor instead.
        chart.getStyler().setYAxisMin(FLOOR_US);
      }
      chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(12f));
      for (YcsbBinding binding : YcsbBinding.values()) {
        if (withoutBlackhole && binding == YcsbBinding.BLACKHOLE) {
          continue;
        }
        List<Double> values = new ArrayList<>();
        for (int at = 0; at < workloads.length(); at++) {
          char w = workloads.charAt(at);
          values.add(results.find(binding, threads, w).filter(r -> r.failed() == 0).map(value::applyAsDouble).orElse(log ? FLOOR_US : 0.0));
        }
        chart.addSeries(binding.id(), categories, values);
      }
      panels.add(chart);
    }
    BitmapEncoder.saveBitmap(panels, panels.size(), 1, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
