package org.jnvm.layout;

import java.util.Locale;

/** The types a persistent field can have, with their sizes in the heap. */
public enum FieldKind {
  BOOLEAN(1),
  BYTE(1),
  CHAR(2),
  SHORT(2),
  INT(4),
  FLOAT(4),
  LONG(8),
  DOUBLE(8),
  /** A reference to another persistent object, stored as its file offset; 0 is null. */
  REF(8);

  private final int size;

  FieldKind(int size) {
    this.size = size;
  }

  /** Bytes in the heap; also the alignment. */
  public int size() {
    return size;
  }

  /** The name used in layout descriptors. */
  public String token() {
    return name().toLowerCase(Locale.ROOT);
  }

  static FieldKind fromToken(String token) {
    for (FieldKind k : values()) {
      if (k.token().equals(token)) {
        return k;
      }
    }
    return null;
  }
}
