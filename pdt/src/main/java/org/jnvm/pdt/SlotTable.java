package org.jnvm.pdt;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.locks.StampedLock;
import java.util.function.IntSupplier;

/**
 * The mirror of a hash map or set: a chained hash table whose nodes are the entries' {@link
 * Slot}s themselves. A {@code HashMap} or {@code ConcurrentHashMap} from key to slot would add a
 * node per entry, so a lookup would read the bucket, the node and then the slot; here it reads the
 * bucket and the slot, as a {@code HashMap} lookup reads the bucket and the node. With millions of
 * entries each of those reads is a cache miss, and the node is one too many. For the same reason a
 * slot keeps a {@code PString} key's characters beside the key ({@link PString#contentOf}), and a
 * lookup by a string or its probe compares with them without reading the key's proxy; a short
 * Latin-1 key's characters are in the slot itself ({@link Slot#holdKey}). Keys are never null.
 *
 * <p>In a large map's table, lookups of a value by such a short key ({@link #value}) do not walk
 * the chains at all: they read the key's row in a {@link PackedKeyIndex}, which holds the value's
 * reference and shape beside the key's characters, and its kept proxy beside the row, and reach the
 * slot only when the row cannot make the value. The chains remain the table's structure:
 * iteration, and lookups by any other key, go through them. The table builds the index once it
 * has as many buckets as the system property {@value #INDEX_PROPERTY} says (by default {@value
 * #DEFAULT_INDEX_FROM_BUCKETS}, past 196,608 entries) and a short key arrives; a set's table never
 * does, since nothing reads values in it.
 *
 * <p>A slot belongs to one table at a time: {@link #put} links the slot it is given, in place of
 * the node of an equal key if there is one, whose key object it keeps, as {@code HashMap} does.
 *
 * <p>Two kinds, one code:
 *
 * <ul>
 *   <li>{@link #SlotTable() one thread at a time}, for {@link PHashMap} and {@link PHashSet}: its
 *       iterators fail fast, as {@code HashMap}'s do;
 *   <li>{@link #concurrent()}, for {@link PConcurrentHashMap} and {@link PConcurrentHashSet}. A
 *       lookup takes no lock: it reads the chain optimistically and uses what it found only if no
 *       change of the table's structure (an insert, a removal, growing) began meanwhile, and looks
 *       again under the read lock otherwise. Structural changes take the write lock; they are rare
 *       next to value updates, which change a slot in place and never touch the table. Iterators
 *       are weakly consistent, as {@code ConcurrentHashMap}'s are.
 * </ul>
 *
 * @param <K> the key type
 * @param <V> the value type of the slots
 */
final class SlotTable<K, V> extends AbstractMap<K, Slot<V>> implements Mirror<K, V> {
  private static final int FIRST_CAPACITY = 16;
  /**
   * The system property that sets the bucket count from which a map's table builds its {@link
   * PackedKeyIndex}: 2^18 by default, since smaller tables stay in the cache, where the index's
   * rows would not (see docs/design-notes.md).
   */
  static final String INDEX_PROPERTY = "jnvm.pdt.indexFromBuckets";
  static final int DEFAULT_INDEX_FROM_BUCKETS = 1 << 18;
  private static final int INDEX_FROM_BUCKETS = Integer.getInteger(INDEX_PROPERTY, DEFAULT_INDEX_FROM_BUCKETS);
  /**
   * Nodes an optimistic lookup visits before it gives up and looks under the lock. A lookup that
   * races with growing can follow links that are being rewritten, and this bounds where they lead;
   * a real chain is a few nodes long.
   */
  private static final int OPTIMISTIC_STEPS = 256;
  /** What {@link #find} returns once it has visited more nodes than it was allowed. */
  private static final Slot<?> GAVE_UP = new Slot<>(-1, 0, 0, null, 0);

  /** Null for a table that one thread uses at a time. */
  private final StampedLock lock;
  private Slot<V>[] table = newTable(FIRST_CAPACITY);
  /**
   * Lookups by a short Latin-1 key; once built, twice as many rows as {@link #table} has buckets.
   */
  private final PackedKeyIndex<V> index = new PackedKeyIndex<>();
  /** The bucket count from which the table builds its index; {@code Integer.MAX_VALUE} for never. */
  private final int indexFromBuckets;
  /** Written under the write lock. */
  private int size;
  /** Structural changes, for the fail-fast iterators of a table that one thread uses. */
  private int modCount;

  /**
   * A table that threads share ({@code concurrent}), with lookups that take no lock, or one that
   * one thread at a time uses; building its index once it has {@code indexFromBuckets} buckets.
   */
  SlotTable(boolean concurrent, int indexFromBuckets) {
    this.lock = concurrent ? new StampedLock() : null;
    this.indexFromBuckets = indexFromBuckets;
  }

  /** A map's table that one thread at a time uses. */
  static <K, V> SlotTable<K, V> forMap() {
    return new SlotTable<>(false, INDEX_FROM_BUCKETS);
  }

  /** A map's table that threads share. */
  static <K, V> SlotTable<K, V> concurrentForMap() {
    return new SlotTable<>(true, INDEX_FROM_BUCKETS);
  }

  /** A set's table that one thread at a time uses. */
  static <K, V> SlotTable<K, V> forSet() {
    return new SlotTable<>(false, Integer.MAX_VALUE);
  }

  /** A set's table that threads share. */
  static <K, V> SlotTable<K, V> concurrentForSet() {
    return new SlotTable<>(true, Integer.MAX_VALUE);
  }

  @Override
  public Map<K, Slot<V>> entries() {
    return this;
  }

  /**
   * Before the first entry, makes room for {@code entries} without growing: a map being loaded
   * knows how many slots it has, and growing a table of millions of entries a dozen times, and its
   * index with it, moves every entry each time.
   */
  @Override
  public void expect(int entries) {
    long stamp = writeLock();
    try {
      if (size == 0) {
        int capacity = capacityFor(entries);
        if (capacity > table.length) {
          table = newTable(capacity);
          modCount++;
        }
      }
    } finally {
      unlockWrite(stamp);
    }
  }

  /** The smallest table, a power of two, that holds {@code entries} without growing. */
  private static int capacityFor(int entries) {
    long wanted = (long) entries + entries / 3 + 1;
    int capacity = FIRST_CAPACITY;
    while (capacity < wanted && capacity < 1 << 30) {
      capacity <<= 1;
    }
    return capacity;
  }

  @SuppressWarnings("unchecked")
  private static <V> Slot<V>[] newTable(int capacity) {
    return (Slot<V>[]) new Slot<?>[capacity];
  }

  private static int spread(Object key) {
    int h = key.hashCode();
    return h ^ (h >>> 16);
  }

  /** Whether {@code s} is the node of {@code key}, whose spread hash is {@code h}. */
  private static boolean holds(Slot<?> s, int h, Object key) {
    if (s.hash != h) {
      return false;
    }
    if (s.key == key) {
      return true;
    }
    Object content = s.keyContent;
    Object mine = content == null ? null : PString.contentOf(key);
    if (mine == null) {
      return key.equals(s.key);
    }
    // Characters are in canonical form, so kept Latin-1 ones never equal UTF-16 ones.
    return s.keyCharsKept() ? s.keyCharsEqual(mine) : Chars.equal(mine, content);
  }

  /** The slot of {@code key}, null if there is none, or {@link #GAVE_UP} after {@code steps} nodes. */
  @SuppressWarnings("unchecked")
  private Slot<V> find(Object key, int steps) {
    int h = spread(key);
    Slot<V>[] t = table;
    for (Slot<V> s = t[h & (t.length - 1)]; s != null; s = s.next) {
      if (holds(s, h, key)) {
        return s;
      }
      if (--steps == 0) {
        return (Slot<V>) GAVE_UP;
      }
    }
    return null;
  }

  @Override
  public Slot<V> get(Object key) {
    if (lock == null) {
      return find(key, Integer.MAX_VALUE);
    }
    long stamp = lock.tryOptimisticRead();
    if (stamp != 0) {
      try {
        Slot<V> s = find(key, OPTIMISTIC_STEPS);
        if (lock.validate(stamp) && s != GAVE_UP) {
          return s;
        }
      } catch (RuntimeException e) {
        // A chain read during a change can hand equals a node that is not linked yet; only a
        // failure with no change beside it is the caller's.
        if (lock.validate(stamp)) {
          throw e;
        }
      }
    }
    stamp = lock.readLock();
    try {
      return find(key, Integer.MAX_VALUE);
    } finally {
      lock.unlockRead(stamp);
    }
  }

  /**
   * The value of {@code key} as {@code core} reads an entry's, or null if the table has no entry
   * for it. For a key the built {@link PackedKeyIndex} holds: from its row's shape of the value, or
   * the proxy kept beside the row, and through the row's slot only when the row has neither (the
   * policy keeps nothing, or the row has no value yet, which this read then has filled in). Any
   * other key, or any key while the index is not built, goes through the chains.
   */
  @Override
  public V value(Object key, MapCore<K, V> core) {
    if (PString.contentOf(key) instanceof byte[] latin1 && latin1.length <= Chars.PACKED_MAX) {
      long stamp = lock == null ? 0 : lock.tryOptimisticRead();
      PackedKeyIndex.Rows<V> r = index.rows();
      if (r != null && (lock == null || stamp != 0)) {
        int row = r.find(spread(key), latin1);
        if (row == PackedKeyIndex.ABSENT) {
          if (lock == null || lock.validate(stamp)) {
            return null;
          }
        } else {
          long rowStamp = r.stamp(row);
          long reference = r.reference(row);
          long shape = r.shape(row);
          V proxy = r.proxy(row);
          Slot<V> slot = r.slot(row);
          boolean steady = r.steady(row, rowStamp);
          if (lock == null || lock.validate(stamp)) {
            if (steady && shape != 0) {
              return core.fromShape(reference, shape);
            }
            if (steady && proxy != null) {
              return proxy;
            }
            V value = core.value(slot);
            if (steady && reference == 0) {
              core.fillRow(this, slot); // a row the index was built with
            }
            return value;
          }
        }
      }
    }
    Slot<V> s = get(key);
    return s == null ? null : core.value(s);
  }

  /**
   * Under the key's lock, with the row of {@code s} kept in step: a value update ({@link
   * Slot#update}), or, {@code ifStill} the value is {@code reference}, what a reader keeps of it
   * ({@link Slot#keep}).
   */
  @Override
  public void change(Slot<V> s, long reference, V proxy, long shape, boolean ifStill) {
    int row = lockRow(s);
    try {
      if (ifStill) {
        s.keep(reference, proxy, shape);
      } else {
        s.update(reference, proxy, shape);
      }
    } finally {
      if (row >= 0) {
        index.unlockRow(row, s);
      }
    }
  }

  /** Under the key's lock: copies what {@code s} holds of its value into its row, if it has one. */
  void fillRow(Slot<V> s) {
    int row = lockRow(s);
    if (row >= 0) {
      index.unlockRow(row, s);
    }
  }

  /** {@link PackedKeyIndex#lockRowOf}, again under the read lock if a structural change was in the way. */
  private int lockRow(Slot<V> s) {
    if (lock == null) {
      return index.lockRowOf(s);
    }
    long stamp = lock.tryOptimisticRead();
    if (stamp != 0) {
      int row = index.lockRowOf(s);
      // A locked row is s's whatever happened meanwhile; finding none holds only without a change.
      if (row >= 0 || (row == PackedKeyIndex.ABSENT && lock.validate(stamp))) {
        return row;
      }
    }
    stamp = lock.readLock();
    try {
      return index.lockRowOf(s);
    } finally {
      lock.unlockRead(stamp);
    }
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null;
  }

  @Override
  public int size() {
    return readShared(() -> size);
  }

  /** {@code read} of a field that changes under the write lock: optimistically, else under the read lock. */
  private int readShared(IntSupplier read) {
    if (lock == null) {
      return read.getAsInt();
    }
    long stamp = lock.tryOptimisticRead();
    int n = read.getAsInt();
    if (lock.validate(stamp)) {
      return n;
    }
    stamp = lock.readLock();
    try {
      return read.getAsInt();
    } finally {
      lock.unlockRead(stamp);
    }
  }

  private long readLock() {
    return lock == null ? 0 : lock.readLock();
  }

  private void unlockRead(long stamp) {
    if (lock != null) {
      lock.unlockRead(stamp);
    }
  }

  private long writeLock() {
    return lock == null ? 0 : lock.writeLock();
  }

  private void unlockWrite(long stamp) {
    if (lock != null) {
      lock.unlockWrite(stamp);
    }
  }

  @Override
  public Slot<V> put(K key, Slot<V> slot) {
    long stamp = writeLock();
    try {
      return link(key, slot);
    } finally {
      unlockWrite(stamp);
    }
  }

  /** {@link #put} under the write lock. A slot is filled in before it is linked. */
  private Slot<V> link(K key, Slot<V> slot) {
    int h = spread(key);
    Slot<V>[] t = table;
    int i = h & (t.length - 1);
    Slot<V> before = null;
    for (Slot<V> s = t[i]; s != null; before = s, s = s.next) {
      if (holds(s, h, key)) {
        if (s != slot) {
          slot.holdKey(s.key, s.keyContent);
          slot.hash = h;
          slot.next = s.next;
          if (before == null) {
            t[i] = slot;
          } else {
            before.next = slot;
          }
          // s keeps its next: a lookup that has just reached s goes on from there.
          addToIndex(slot);
        }
        return s;
      }
    }
    slot.holdKey(key, PString.contentOf(key));
    slot.hash = h;
    slot.next = t[i];
    t[i] = slot;
    addToIndex(slot);
    modCount++;
    if (++size > t.length - (t.length >>> 2)) {
      grow();
    }
    return null;
  }

  /**
   * Under the write lock, {@code slot}, just linked, in the index if its key is kept packed; builds
   * the index with it if the table is now large enough.
   */
  private void addToIndex(Slot<V> slot) {
    if (!slot.keyCharsKept()) {
      return;
    }
    if (index.built()) {
      index.add(slot);
    } else if (table.length >= indexFromBuckets) {
      index.build(table, 2 * table.length);
    }
  }

  @Override
  public Slot<V> remove(Object key) {
    long stamp = writeLock();
    try {
      return unlink(key);
    } finally {
      unlockWrite(stamp);
    }
  }

  /** {@link #remove} under the write lock. */
  private Slot<V> unlink(Object key) {
    int h = spread(key);
    Slot<V>[] t = table;
    int i = h & (t.length - 1);
    Slot<V> before = null;
    for (Slot<V> s = t[i]; s != null; before = s, s = s.next) {
      if (holds(s, h, key)) {
        if (before == null) {
          t[i] = s.next;
        } else {
          before.next = s.next;
        }
        s.next = null;
        if (s.keyCharsKept()) {
          index.remove(s);
        }
        size--;
        modCount++;
        return s;
      }
    }
    return null;
  }

  @Override
  public void clear() {
    long stamp = writeLock();
    try {
      if (size > 0) {
        // The table keeps its length: a weakly consistent iterator counts on it never shrinking.
        Arrays.fill(table, null);
        index.clear();
        size = 0;
        modCount++;
      }
    } finally {
      unlockWrite(stamp);
    }
  }

  /**
   * Under the write lock, doubles the table; each chain splits into the same bucket and the one a
   * table length above. The table never shrinks, which {@link Entries} relies on.
   */
  private void grow() {
    Slot<V>[] old = table;
    Slot<V>[] bigger = newTable(old.length * 2);
    for (Slot<V> head : old) {
      for (Slot<V> s = head; s != null; ) {
        Slot<V> next = s.next;
        int i = s.hash & (bigger.length - 1);
        s.next = bigger[i];
        bigger[i] = s;
        s = next;
      }
    }
    table = bigger;
    if (index.built()) {
      index.resize(2 * bigger.length);
    }
  }

  @Override
  public Set<Map.Entry<K, Slot<V>>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<K, Slot<V>>> iterator() {
        return new Entries();
      }

      @Override
      public int size() {
        return SlotTable.this.size();
      }

      @Override
      public void clear() {
        SlotTable.this.clear();
      }
    };
  }

  /**
   * Walks the table by classes of hash: class {@code c} holds the keys whose hash is {@code c}
   * modulo the table's length when the walk began. Growing only splits buckets, so a class stays
   * the same set of buckets however the table grows, and a walk that takes each class whole,
   * under the read lock, returns every key that stays in the table exactly once. That makes it
   * weakly consistent in a shared table. In a table one thread uses, a class is one bucket, and a
   * structural change not made through the iterator fails the walk, as in {@code HashMap}.
   */
  private final class Entries implements Iterator<Map.Entry<K, Slot<V>>> {
    private final int classes = readShared(() -> table.length);
    private int nextClass;
    private final List<Slot<V>> pending = new ArrayList<>();
    private int at;
    private Slot<V> last;
    private int expected = modCount;

    /** Takes classes until one has a slot, or there are none left. */
    private void fill() {
      while (at == pending.size() && nextClass < classes) {
        pending.clear();
        at = 0;
        long stamp = readLock();
        try {
          Slot<V>[] t = table;
          for (int bucket = nextClass; bucket < t.length; bucket += classes) {
            for (Slot<V> s = t[bucket]; s != null; s = s.next) {
              pending.add(s);
            }
          }
        } finally {
          unlockRead(stamp);
        }
        nextClass++;
      }
    }

    @Override
    public boolean hasNext() {
      fill();
      return at < pending.size();
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map.Entry<K, Slot<V>> next() {
      if (lock == null && modCount != expected) {
        throw new ConcurrentModificationException();
      }
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      last = pending.get(at++);
      return new AbstractMap.SimpleImmutableEntry<>((K) last.key, last);
    }

    @Override
    public void remove() {
      if (last == null) {
        throw new IllegalStateException();
      }
      if (lock == null && modCount != expected) {
        throw new ConcurrentModificationException();
      }
      SlotTable.this.remove(last.key);
      expected = modCount;
      last = null;
    }
  }
}
