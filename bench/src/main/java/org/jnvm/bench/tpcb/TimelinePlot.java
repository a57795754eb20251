package org.jnvm.bench.tpcb;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;

/**
 * Throughput against time across the kill, like the paper's Figure 11: one panel per system, one
 * above the other on the same time axis, each with its own throughput scale, since volatile runs
 * many times faster than a durable bank.
 */
final class TimelinePlot {
  private static final int WIDTH = 1000;
  private static final int PANEL_HEIGHT = 260;

  private TimelinePlot() {}

  static void write(List<Figures> runs, Settings settings, Path png) throws IOException {
    double from = runs.stream().mapToDouble(f -> f.filledIntervals().firstKey() / 1000.0).min().orElse(0);
    double to = runs.stream().mapToDouble(f -> f.filledIntervals().lastKey() / 1000.0).max().orElse(0);
    List<XYChart> panels = new ArrayList<>();
    for (Figures f : runs) {
      XYChart chart =
          new XYChartBuilder()
              .width(WIDTH)
              .height(PANEL_HEIGHT)
              .title(f.system().label + ": TPC-B scale " + settings.scale() + ", one thread; SIGKILL at each vertical line")
              .xAxisTitle("seconds from the first kill")
              .yAxisTitle("tx per " + Settings.INTERVAL_MS + " ms")
              .build();
      chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
      chart.getStyler().setMarkerSize(0);
      chart.getStyler().setLegendVisible(false);
      chart.getStyler().setXAxisMin(from).setXAxisMax(to).setYAxisMin(0.0).setXAxisDecimalPattern("0");
      chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(12f));
      Map<Long, Long> intervals = f.filledIntervals();
      double[] x = intervals.keySet().stream().mapToDouble(ms -> ms / 1000.0).toArray();
      double[] y = intervals.values().stream().mapToDouble(Long::doubleValue).toArray();
      chart.addSeries(f.system().label, x, y);
      for (double kill : f.killsMs()) {
        chart.addAnnotation(new AnnotationLine(kill / 1000, true, false));
      }
      panels.add(chart);
    }
    BitmapEncoder.saveBitmap(panels, panels.size(), 1, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
