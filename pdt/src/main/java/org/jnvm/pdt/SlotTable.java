package org.jnvm.pdt;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The mirror of a {@link PHashMap} or {@link PHashSet}: a chained hash table whose nodes are the
 * entries' {@link Slot}s themselves. A {@code HashMap} from key to slot would add a node per entry,
 * so a lookup would read the bucket, the node and then the slot; here it reads the bucket and the
 * slot, as a {@code HashMap} lookup reads the bucket and the node. Not safe for concurrent use;
 * keys are never null.
 *
 * <p>A slot belongs to one table at a time: {@link #put} links the slot it is given, in place of
 * the node of an equal key if there is one, whose key object it keeps, as {@code HashMap} does.
 *
 * @param <K> the key type
 * @param <V> the value type of the slots
 */
final class SlotTable<K, V> extends AbstractMap<K, Slot<V>> {
  private static final int FIRST_CAPACITY = 16;

  private Slot<V>[] table = newTable(FIRST_CAPACITY);
  private int size;
  private int modCount;

  @SuppressWarnings("unchecked")
  private static <V> Slot<V>[] newTable(int capacity) {
    return (Slot<V>[]) new Slot<?>[capacity];
  }

  private static int spread(Object key) {
    int h = key.hashCode();
    return h ^ (h >>> 16);
  }

  private Slot<V> find(Object key) {
    int h = spread(key);
    for (Slot<V> s = table[h & (table.length - 1)]; s != null; s = s.next) {
      if (s.hash == h && (s.key == key || key.equals(s.key))) {
        return s;
      }
    }
    return null;
  }

  @Override
  public Slot<V> get(Object key) {
    return find(key);
  }

  @Override
  public boolean containsKey(Object key) {
    return find(key) != null;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public Slot<V> put(K key, Slot<V> slot) {
    int h = spread(key);
    int i = h & (table.length - 1);
    Slot<V> before = null;
    for (Slot<V> s = table[i]; s != null; before = s, s = s.next) {
      if (s.hash == h && (s.key == key || key.equals(s.key))) {
        if (s != slot) {
          slot.key = s.key;
          slot.hash = h;
          slot.next = s.next;
          if (before == null) {
            table[i] = slot;
          } else {
            before.next = slot;
          }
          // s keeps its next: an iterator that has just returned s goes on from there.
        }
        return s;
      }
    }
    slot.key = key;
    slot.hash = h;
    slot.next = table[i];
    table[i] = slot;
    modCount++;
    if (++size > table.length - (table.length >>> 2)) {
      grow();
    }
    return null;
  }

  @Override
  public Slot<V> remove(Object key) {
    int h = spread(key);
    int i = h & (table.length - 1);
    Slot<V> before = null;
    for (Slot<V> s = table[i]; s != null; before = s, s = s.next) {
      if (s.hash == h && (s.key == key || key.equals(s.key))) {
        unlink(i, before, s);
        return s;
      }
    }
    return null;
  }

  private void unlink(int bucket, Slot<V> before, Slot<V> s) {
    if (before == null) {
      table[bucket] = s.next;
    } else {
      before.next = s.next;
    }
    s.next = null;
    size--;
    modCount++;
  }

  @Override
  public void clear() {
    if (size > 0) {
      Arrays.fill(table, null);
      size = 0;
      modCount++;
    }
  }

  /** Doubles the table; each chain splits into the same bucket and the one a table length above. */
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
        return size;
      }

      @Override
      public void clear() {
        SlotTable.this.clear();
      }
    };
  }

  /** Walks the buckets in order; {@code remove} unlinks the last slot returned. */
  private final class Entries implements Iterator<Map.Entry<K, Slot<V>>> {
    private int bucket = -1;
    private Slot<V> next;
    private Slot<V> last;
    private int expected = modCount;

    Entries() {
      advance(null);
    }

    /** Moves {@link #next} to the slot after {@code from}, or to the first one when it is null. */
    private void advance(Slot<V> from) {
      next = from == null ? null : from.next;
      while (next == null && ++bucket < table.length) {
        next = table[bucket];
      }
    }

    @Override
    public boolean hasNext() {
      return next != null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map.Entry<K, Slot<V>> next() {
      if (modCount != expected) {
        throw new ConcurrentModificationException();
      }
      if (next == null) {
        throw new NoSuchElementException();
      }
      last = next;
      advance(next);
      return new AbstractMap.SimpleImmutableEntry<>((K) last.key, last);
    }

    @Override
    public void remove() {
      if (last == null) {
        throw new IllegalStateException();
      }
      if (modCount != expected) {
        throw new ConcurrentModificationException();
      }
      SlotTable.this.remove(last.key);
      expected = modCount;
      last = null;
    }
  }
}
