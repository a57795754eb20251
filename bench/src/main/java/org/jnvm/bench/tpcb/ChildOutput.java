package org.jnvm.bench.tpcb;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The lines of one {@link TpcbChild}, each stamped with this JVM's clock as it arrives, so that
 * the timelines of a killed child and of its successor share one time axis. A line the kill cut
 * short has no line break and is dropped.
 */
final class ChildOutput implements Runnable {
  /** One complete line and when it arrived ({@link System#nanoTime()}). */
  record Line(long nanos, String text) {}

  private final InputStream in;
  private final List<Line> lines = new ArrayList<>();
  private final Thread reader;
  /** Completes with the {@code ready} line, or with null if the output ends without one. */
  final CompletableFuture<Line> ready = new CompletableFuture<>();

  private ChildOutput(InputStream in, String name) {
    this.in = in;
    this.reader = new Thread(this, name);
    reader.setDaemon(true);
  }

  static ChildOutput follow(Process child, String name) {
    ChildOutput output = new ChildOutput(child.getInputStream(), name);
    output.reader.start();
    return output;
  }

  /** Waits until the child's output has ended and every line is in. */
  void awaitEnd() throws InterruptedException {
    reader.join();
  }

  @Override
  public void run() {
    StringBuilder line = new StringBuilder();
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII))) {
      for (int c; (c = reader.read()) >= 0; ) {
        if (c != '\n') {
          line.append((char) c);
          continue;
        }
        Line l = new Line(System.nanoTime(), line.toString());
        line.setLength(0);
        synchronized (this) {
          lines.add(l);
        }
        if (l.text().startsWith("ready ")) {
          ready.complete(l);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      ready.complete(null);
    }
  }

  synchronized List<Line> lines() {
    return List.copyOf(lines);
  }

  /** The fields after the keyword of the last line that starts with it, or null. */
  synchronized String[] last(String keyword) {
    for (int i = lines.size() - 1; i >= 0; i--) {
      String text = lines.get(i).text();
      if (text.startsWith(keyword + " ")) {
        return text.substring(keyword.length() + 1).split(" ", -1);
      }
    }
    return null;
  }
}
