package org.jnvm.bench.ycsb.report;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * A child's latency histogram as one word of its result line (HdrHistogram's compressed form, in
 * base64), so that the report can merge the histograms of a binding's rounds rather than average
 * their percentiles, which would not be a percentile of anything.
 */
final class Latencies {
  private Latencies() {}

  static String encode(Histogram latencies) {
    ByteBuffer buffer = ByteBuffer.allocate(latencies.getNeededByteBufferCapacity());
    int length = latencies.encodeIntoCompressedByteBuffer(buffer);
    return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
  }

  static Histogram decode(String word) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(word)), 0);
    } catch (DataFormatException | IllegalArgumentException e) {
      throw new IllegalArgumentException("not an encoded latency histogram: " + abbreviated(word), e);
    }
  }

  private static String abbreviated(String word) {
    return word.length() <= 40 ? word : word.substring(0, 40) + "...";
  }
}
