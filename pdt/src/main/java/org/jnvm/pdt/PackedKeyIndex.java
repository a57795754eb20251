package org.jnvm.pdt;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The lookup side of a {@link SlotTable}, for the entries whose key's characters their slot keeps
 * packed ({@link Slot#keyCharsKept()}): an open-addressed table with one row of eight longs per
 * entry, holding the key's hash and packed characters, the value's reference and {@link
 * org.jnvm.heap.Handle#shape() shape}, and a stamp; the entry's slot is beside it. A lookup by such
 * a key reads one row, and when the row has the value's shape it makes the value's proxy from it
 * without reading the slot, and when the row holds the value's kept proxy, as the CACHED policy keeps
 * a mutable value's, it hands that out from the array beside the rows, where the slot's reference
 * and the proxy share a cache line. Through the chains a lookup reads the bucket, then the slot, whose
 * fields span two or three cache lines; in a map of millions of entries each is a cache miss.
 *
 * <p>Once built, the index holds every such entry of the table, so a lookup that finds no row for
 * such a key knows that the table has no entry for it. It has twice as many rows as the table has
 * buckets, so that it is at most three eighths full and a probe reads one or two rows. The table
 * builds it only once it is large ({@link #build}): 64 bytes a row, twice over, cost more than they
 * save while the buckets and slots stay in the cache.
 *
 * <p>Concurrency. The table adds, removes and moves rows (growing, clearing, the backward shift of
 * a removal) under its write lock, and a lock-free reader checks the table's stamp after reading a
 * row, as it does after reading a chain. A value update changes its row in place under the key's
 * lock but not the table's, so a row's stamp is also a lock: even while the row is steady, odd
 * while someone writes it. A value update takes the lock of the row it found ({@link #lockRowOf}),
 * checks that the row is still its slot's, changes the slot, copies the change into the row and
 * unlocks it; a structural change takes the lock of every
 * row it moves, and leaves the rows it moved away from locked, so that an update racing with it
 * either finishes first, and is moved with the row, or cannot write at all and tries again once the
 * change is done. A reader uses a row's reference and shape only if it read the same even stamp
 * before and after them, as with {@link Slot}'s sequence lock.
 *
 * @param <V> the value type of the slots
 */
final class PackedKeyIndex<V> {
  static final int ABSENT = -1;
  static final int RETRY = -2;

  private static final int ROW_LONGS = 8;
  /**
   * Rows start 48 bytes into the array, 64 after its header: a large array is humongous for G1 and
   * starts at a region boundary, so that each row lies in one cache line.
   */
  private static final int FIRST_ROW = 6;
  /** The key's spread hash in the high half, its character count plus one in the low; 0 in an empty row. */
  private static final int HEAD = 0;
  /** Three words of packed characters ({@link Chars#packed}). */
  private static final int CHARS = 1;
  private static final int REFERENCE = 4;
  private static final int SHAPE = 5;
  private static final int STAMP = 6;
  private static final VarHandle WORD = MethodHandles.arrayElementVarHandle(long[].class);

  /** Null until {@link #build}, and again after {@link #clear}. */
  private volatile Rows<V> rows;

  /** The rows a lookup reads, null while the index is not built; replaced when the table grows or is cleared. */
  Rows<V> rows() {
    return rows;
  }

  boolean built() {
    return rows != null;
  }

  /**
   * Under the table's write lock, while the index is not built: builds it with {@code capacity}
   * rows, a power of two, from every slot in {@code buckets}' chains whose key it keeps packed.
   *
   * <p>The rows it makes hold their slots but not their values (a reference of 0): a value update
   * holds its key's lock, not the table's, and a row copied from a slot in the middle of one could
   * show a reader the old value after the slot had shown it the new one. A lookup by such a row
   * reads the slot instead, and has the row filled in under the key's lock ({@link #unlockRow}).
   */
  void build(Slot<V>[] buckets, int capacity) {
    Rows<V> r = new Rows<>(capacity);
    for (Slot<V> head : buckets) {
      for (Slot<V> s = head; s != null; s = s.next) {
        if (s.keyCharsKept()) {
          r.fillKey(r.firstEmptyFrom(s.hash), s);
        }
      }
    }
    rows = r;
  }

  /**
   * Under the table's write lock and {@code s}'s key lock, once the index is built: {@code s},
   * whose key it keeps packed and which the table has just linked, in its key's row, which it takes
   * over from the slot of an equal key if there is one.
   */
  void add(Slot<V> s) {
    Rows<V> r = rows;
    int row = r.find(s);
    if (row != ABSENT) {
      r.lock(row);
      r.fill(row, s);
      r.unlock(row);
      return;
    }
    r.fill(r.firstEmptyFrom(s.hash), s);
  }

  /** Under the table's write lock: takes out the row of {@code s}'s key, shifting back the rows after it. */
  void remove(Slot<V> s) {
    Rows<V> r = rows;
    int gap = r == null ? ABSENT : r.find(s);
    if (gap == ABSENT) {
      return;
    }
    r.lock(gap);
    for (int row = r.next(gap); r.head(row) != 0; row = r.next(row)) {
      int home = r.home(row);
      // A row may move back to the gap only if its home is not after the gap on its way from home.
      if (((row - home) & r.mask) >= ((row - gap) & r.mask)) {
        r.lock(row);
        r.copy(row, gap);
        r.unlock(gap);
        gap = row;
      }
    }
    r.empty(gap);
    r.unlock(gap);
  }

  /** Under the table's write lock, once built: moves every row into {@code capacity} rows, a power of two. */
  void resize(int capacity) {
    Rows<V> old = rows;
    Rows<V> bigger = new Rows<>(capacity);
    for (int row = 0; row <= old.mask; row++) {
      if (old.head(row) != 0) {
        old.lock(row); // for good: an update that finds it waits for the new rows
        bigger.putCopy(old, row);
      }
    }
    rows = bigger;
  }

  /** Under the table's write lock: drops the index, to be built again when the table wants it. */
  void clear() {
    Rows<V> old = rows;
    if (old == null) {
      return;
    }
    for (int row = 0; row <= old.mask; row++) {
      if (old.head(row) != 0) {
        old.lock(row);
      }
    }
    rows = null;
  }

  /**
   * Under the key's lock, before {@code s} changes its value or what it keeps of it: locks the row
   * of its key, so that a lookup by the row falls back on the slot until {@link #unlockRow} has
   * copied the change into the row. A lookup must never see the new value through the slot and
   * then the old one through the row. Returns the row; {@link #ABSENT} if there is none to keep in
   * step ({@code s}'s key is not kept packed, the index is not built, the table no longer holds
   * {@code s}, or a structural change overlapped the search, which the caller tells by the table's
   * stamp); {@link #RETRY} if a
   * structural change got in the way, when the caller must call again under the table's read lock.
   */
  int lockRowOf(Slot<V> s) {
    if (!s.keyCharsKept()) {
      return ABSENT;
    }
    Rows<V> r = rows;
    int row = r == null ? ABSENT : r.find(s);
    if (row == ABSENT) {
      return ABSENT;
    }
    if (!r.tryLock(row, this)) {
      return RETRY;
    }
    if (r.slot(row) == s) {
      return row; // locked and verified: nothing moves it until it is unlocked
    }
    // The row moved on before it was locked, or its key now has another slot, which is not s.
    boolean otherSlot = r.slot(row) != null && holdsKeyOf(r, row, s);
    r.unlock(row);
    return otherSlot ? ABSENT : RETRY;
  }

  /**
   * Under the key's lock, copies {@code s}'s reference, shape and kept proxy into {@code row},
   * which {@link #lockRowOf} locked, and unlocks it.
   */
  void unlockRow(int row, Slot<V> s) {
    Rows<V> r = rows; // not replaced while one of its rows is locked
    r.fillValue(row, s);
    r.unlock(row);
  }

  private static boolean holdsKeyOf(Rows<?> r, int row, Slot<?> s) {
    return r.matches(row, headOf(s.hash, s.keyCharsLength()), s.keyChars(0), s.keyChars(1), s.keyChars(2));
  }

  private static long headOf(int hash, int charsPlusOne) {
    return (long) hash << 32 | (charsPlusOne & 0xffffffffL);
  }

  private static int at(int row) {
    return FIRST_ROW + row * ROW_LONGS;
  }

  /** One generation of rows, and beside each its slot and the proxy the slot keeps. */
  static final class Rows<V> {
    private final long[] words;
    /**
     * Row {@code r}'s slot at {@code 2r}, the value's kept proxy (or null) at {@code 2r + 1}: eight
     * bytes with compressed references, so both are one cache miss, where reading the proxy through
     * the slot was two.
     */
    private final Object[] refs;
    private final int mask;

    private Rows(int capacity) {
      words = new long[at(capacity)];
      refs = new Object[2 * capacity];
      mask = capacity - 1;
    }

    /**
     * The row of the key of spread hash {@code hash} whose {@code latin1} characters are at most
     * {@link Chars#PACKED_MAX}, or {@link #ABSENT}. Reads without a lock, so what it finds holds
     * only if the table's stamp is still valid after it; it visits each row at most once, and so
     * ends whatever a writer does meanwhile.
     */
    int find(int hash, byte[] latin1) {
      return find(hash, headOf(hash, latin1.length + 1), Chars.packed(latin1, 0), Chars.packed(latin1, 1), Chars.packed(latin1, 2));
    }

    private int find(Slot<?> s) {
      return find(s.hash, headOf(s.hash, s.keyCharsLength()), s.keyChars(0), s.keyChars(1), s.keyChars(2));
    }

    private int find(int hash, long head, long c0, long c1, long c2) {
      int row = hash & mask;
      for (int seen = 0; seen <= mask; seen++, row = next(row)) {
        long h = head(row);
        if (h == 0) {
          return ABSENT;
        }
        if (h == head && matches(row, head, c0, c1, c2)) {
          return row;
        }
      }
      return ABSENT;
    }

    private boolean matches(int row, long head, long c0, long c1, long c2) {
      int at = at(row);
      return words[at + HEAD] == head && words[at + CHARS] == c0 && words[at + CHARS + 1] == c1 && words[at + CHARS + 2] == c2;
    }

    /** The row's stamp, read first: a reader uses the row only if {@link #steady} holds after. */
    long stamp(int row) {
      return (long) WORD.getAcquire(words, at(row) + STAMP);
    }

    /** The value's reference; 0 in a row {@link #build} made, which holds no value yet. */
    long reference(int row) {
      return words[at(row) + REFERENCE];
    }

    long shape(int row) {
      return words[at(row) + SHAPE];
    }

    @SuppressWarnings("unchecked")
    Slot<V> slot(int row) {
      return (Slot<V>) refs[2 * row];
    }

    /** The value's kept proxy, read between {@link #stamp} and {@link #steady}, or null. */
    @SuppressWarnings("unchecked")
    V proxy(int row) {
      return (V) refs[2 * row + 1];
    }

    /** Whether nobody wrote the row since its {@link #stamp} was {@code stamp}, which was even. */
    boolean steady(int row, long stamp) {
      VarHandle.acquireFence();
      return (stamp & 1) == 0 && (long) WORD.getOpaque(words, at(row) + STAMP) == stamp;
    }

    private long head(int row) {
      return words[at(row) + HEAD];
    }

    private int home(int row) {
      return (int) (head(row) >>> 32) & mask;
    }

    private int next(int row) {
      return (row + 1) & mask;
    }

    /** Takes the row's lock, waiting for a value update that holds it; for structural changes. */
    private void lock(int row) {
      tryLock(row, null);
    }

    /**
     * Takes the row's lock, waiting while someone else holds it; false if {@code index} (null for
     * a structural change, which never gives up) moved on to other rows, whose structural change
     * left this one locked for good.
     */
    private boolean tryLock(int row, PackedKeyIndex<V> index) {
      int at = at(row) + STAMP;
      for (;;) {
        long stamp = (long) WORD.getVolatile(words, at);
        if ((stamp & 1) == 0 && WORD.compareAndSet(words, at, stamp, stamp + 1)) {
          return true;
        }
        if (index != null && index.rows != this) {
          return false;
        }
        Thread.onSpinWait();
      }
    }

    private void unlock(int row) {
      int at = at(row) + STAMP;
      WORD.setRelease(words, at, (long) WORD.getOpaque(words, at) + 1);
    }

    /** Under {@code s}'s key lock: {@link #fillKey} and {@link #fillValue}. */
    private void fill(int row, Slot<V> s) {
      fillKey(row, s);
      fillValue(row, s);
    }

    /** Writes {@code s}'s key into the row, and {@code s} beside it. */
    private void fillKey(int row, Slot<V> s) {
      int at = at(row);
      words[at + CHARS] = s.keyChars(0);
      words[at + CHARS + 1] = s.keyChars(1);
      words[at + CHARS + 2] = s.keyChars(2);
      words[at + HEAD] = headOf(s.hash, s.keyCharsLength());
      refs[2 * row] = s;
    }

    /** Under {@code s}'s key lock: its reference and shape into the row, and its kept proxy beside it. */
    private void fillValue(int row, Slot<V> s) {
      int at = at(row);
      words[at + REFERENCE] = s.value();
      words[at + SHAPE] = s.shape();
      refs[2 * row + 1] = s.cached();
    }

    /** The first empty row from the home of the spread hash {@code hash}, where a new key's row goes. */
    private int firstEmptyFrom(int hash) {
      int row = hash & mask;
      while (head(row) != 0) {
        row = next(row);
      }
      return row;
    }

    /** Row {@code row} of {@code from}, in the first empty row from its home here. */
    private void putCopy(Rows<V> from, int row) {
      copyRow(from, row, firstEmptyFrom((int) (from.head(row) >>> 32)));
    }

    /** Moves row {@code from}, which the caller locked, to row {@code to}, which it also locked. */
    private void copy(int from, int to) {
      copyRow(this, from, to);
    }

    /** Row {@code row} of {@code from}, but its stamp, into row {@code to} here. */
    private void copyRow(Rows<V> from, int row, int to) {
      System.arraycopy(from.words, at(row), words, at(to), STAMP);
      System.arraycopy(from.refs, 2 * row, refs, 2 * to, 2);
    }

    private void empty(int row) {
      int at = at(row);
      for (int i = HEAD; i < STAMP; i++) {
        words[at + i] = 0;
      }
      refs[2 * row] = null;
      refs[2 * row + 1] = null;
    }
  }
}
