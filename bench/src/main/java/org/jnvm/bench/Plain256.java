package org.jnvm.bench;

/**
 * An ordinary Java object of 256 bytes on JDK 17 with compressed class pointers: a 12-byte header
 * padded to 16, then 30 longs. {@link CoreReport} measures the field offsets and prints the size.
 */
final class Plain256 {
  long f0, f1, f2, f3, f4, f5, f6, f7, f8, f9;
  long f10, f11, f12, f13, f14, f15, f16, f17, f18, f19;
  long f20, f21, f22, f23, f24, f25, f26, f27, f28, f29;
}
