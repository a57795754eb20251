package org.jnvm.bench.table3;

/** The four columns of the paper's Table 3, in its order; {@link #label} is also the C side's name. */
enum Pattern {
  SEQ_READ("seq-read", "sequential read"),
  SEQ_WRITE("seq-write", "sequential write"),
  RAND_READ("rand-read", "random read"),
  RAND_WRITE("rand-write", "random write");

  final String label;
  final String title;

  Pattern(String label, String title) {
    this.label = label;
    this.title = title;
  }

  boolean isWrite() {
    return this == SEQ_WRITE || this == RAND_WRITE;
  }

  static Pattern ofLabel(String label) {
    for (Pattern p : values()) {
      if (p.label.equals(label)) {
        return p;
      }
    }
    throw new IllegalArgumentException("unknown pattern " + label);
  }
}
