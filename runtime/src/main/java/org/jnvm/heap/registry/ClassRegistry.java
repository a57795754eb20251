package org.jnvm.heap.registry;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jnvm.PObject;
import org.jnvm.errors.Errors;
import org.jnvm.heap.PClass;
import org.jnvm.heap.format.BlockHeader;
import org.jnvm.heap.format.Utf8;
import org.jnvm.layout.Layout;
import org.jnvm.memory.Memory;
import org.jnvm.persist.Persistence;

/**
 * The persistent table from class id to proxy class name and layout. Block headers carry the id;
 * this table turns it into a class for resurrection, and into reference offsets for recovery,
 * which therefore never needs the class itself.
 *
 * <p>Records are appended and never rewritten: a record is written and fenced first, then the
 * in-use length in the superblock grows over it and is fenced, so a crash leaves either the whole
 * record or none. Each record:
 *
 * <pre>
 *  0 record length (u32, multiple of 8)   4 class id (u32)   8 layout fingerprint (u64)
 * 16 name length (u16)   18 descriptor length (u16)   20 slot size (u32, 0 for whole blocks)
 * 24 name, then descriptor (UTF-8), zero padding
 * </pre>
 *
 * A class has one record for its objects of whole blocks, and one for each slot size its small
 * immutable objects are pooled in (blocks of that record's id hold slots of that size).
 *
 * <p>A class named here is loaded without being initialised, and only if it implements {@link
 * PObject} is it initialised and its {@code PCLASS} field read; a heap file can therefore not make
 * jnvm run the static initialiser of an arbitrary class.
 */
public final class ClassRegistry {
  private static final int RECORD_HEADER = 24;
  /** Largest slot of a pool: pooling pays only for objects far smaller than a block. */
  public static final int MAX_SLOT = 1024;
  private static final int MAX_NAME = 1024;
  private static final Pattern BINARY_NAME =
      Pattern.compile("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*(\\.[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*)*");

  private final String path;
  private final long base;
  private final long capacity;
  private final long endWord;
  private final Persistence persistence;
  private final List<Entry> entries = new ArrayList<>();
  private final Map<String, Entry> byKey = new HashMap<>();
  private volatile Entry[] byId = new Entry[1];
  private long end;

  /** One registered class. */
  public static final class Entry {
    private final int id;
    private final String name;
    private final Layout layout;
    private final int slotSize;
    private volatile PClass<?> resolved;

    Entry(int id, String name, Layout layout, int slotSize) {
      this.id = id;
      this.name = name;
      this.layout = layout;
      this.slotSize = slotSize;
    }

    /** The size of the pool slots that blocks of this id hold, or 0 for objects of whole blocks. */
    public int slotSize() {
      return slotSize;
    }

    public boolean isPool() {
      return slotSize != 0;
    }

    public int id() {
      return id;
    }

    public String name() {
      return name;
    }

    /** The layout stored in the heap, which recovery follows. */
    public Layout layout() {
      return layout;
    }
  }

  private ClassRegistry(String path, long base, long capacity, long endWord, Persistence persistence) {
    this.path = path;
    this.base = base;
    this.capacity = capacity;
    this.endWord = endWord;
    this.persistence = persistence;
  }

  /**
   * Parses the registry of an opened heap.
   *
   * @param base address of the registry region
   * @param endWord address of the superblock word that holds the bytes in use
   */
  public static ClassRegistry load(String path, long base, long capacity, long endWord, Persistence persistence) {
    ClassRegistry r = new ClassRegistry(path, base, capacity, endWord, persistence);
    long used = Memory.getLong(endWord);
    if (used < 0 || used > capacity || (used & 7) != 0) {
      throw Errors.corrupt(path, "class registry length " + used + " is outside 0.." + capacity);
    }
    long at = 0;
    while (at < used) {
      at += r.parseRecord(at, used);
    }
    r.end = used;
    return r;
  }

  private long parseRecord(long at, long used) {
    long a = base + at;
    int length = Memory.getInt(a);
    int id = Memory.getInt(a + 4);
    long fingerprint = Memory.getLong(a + 8);
    int nameLength = Memory.getShort(a + 16) & 0xffff;
    int descriptorLength = Memory.getShort(a + 18) & 0xffff;
    int slotSize = Memory.getInt(a + 20);
    int expectedId = entries.size() + 1;
    if (length < RECORD_HEADER || (length & 7) != 0 || length > used - at) {
      throw Errors.corrupt(path, "class registry record at " + at + " has length " + length);
    }
    if (id != expectedId) {
      throw Errors.corrupt(path, "class registry record at " + at + " has id " + id + ", expected " + expectedId);
    }
    if (nameLength > MAX_NAME || RECORD_HEADER + nameLength + descriptorLength > length) {
      throw Errors.corrupt(path, "class registry record " + id + " has lengths that overflow it");
    }
    String name = utf8(a + RECORD_HEADER, nameLength, id);
    String descriptor = utf8(a + RECORD_HEADER + nameLength, descriptorLength, id);
    if (!BINARY_NAME.matcher(name).matches()) {
      throw Errors.corrupt(path, "class registry record " + id + " names '" + name + "', which is not a class name");
    }
    Layout layout;
    try {
      layout = Layout.parse(descriptor);
    } catch (IllegalArgumentException e) {
      throw Errors.corrupt(path, "class registry record " + id + " (" + name + ") has a bad layout: " + e.getMessage());
    }
    if (layout.fingerprint() != fingerprint) {
      throw Errors.corrupt(path, "class registry record " + id + " (" + name + ") has a wrong layout fingerprint");
    }
    if (slotSize != 0 && !isPoolable(layout, slotSize)) {
      throw Errors.corrupt(path, "class registry record " + id + " (" + name + ") pools slots of " + slotSize + " bytes, which it cannot");
    }
    if (byKey.containsKey(key(name, slotSize))) {
      throw Errors.corrupt(path, "class " + name + " is registered twice");
    }
    for (Entry other : entries) {
      if (other.name.equals(name) && !other.layout.equals(layout)) {
        throw Errors.corrupt(path, "class " + name + " is registered with two layouts");
      }
    }
    add(new Entry(id, name, layout, slotSize));
    return length;
  }

  private String utf8(long address, int length, int id) {
    String text = Utf8.read(address, length);
    if (text == null) {
      throw Errors.corrupt(path, "class registry record " + id + " holds text that is not UTF-8");
    }
    return text;
  }

  private void add(Entry e) {
    entries.add(e);
    byKey.put(key(e.name, e.slotSize), e);
    Entry[] table = new Entry[entries.size() + 1];
    for (Entry x : entries) {
      table[x.id] = x;
    }
    byId = table;
  }

  /** The entry for a class id read from the heap, or null if there is none. */
  public Entry entry(int id) {
    Entry[] table = byId;
    return id > 0 && id < table.length ? table[id] : null;
  }

  public int size() {
    return byId.length - 1;
  }

  /** The id of a class in this heap, registering it on first use. */
  public int idOf(PClass<?> type) {
    PClass.Binding b = type.binding();
    if (b != null && b.registry() == this) {
      return b.classId();
    }
    int id = register(type, 0);
    type.bind(new PClass.Binding(this, id));
    return id;
  }

  /** The id of the pools of {@code type} with slots of {@code slotSize} bytes, registering it on first use. */
  public int poolIdOf(PClass<?> type, int slotSize) {
    if (!isPoolable(type.layout(), slotSize)) {
      throw Errors.notPoolable(type.name(), slotSize);
    }
    return register(type, slotSize);
  }

  /**
   * Only objects without references are pooled: recovery marks a pool's slots but never scans
   * them. Slot sizes are multiples of 8 up to {@link #MAX_SLOT}.
   */
  public static boolean isPoolable(Layout layout, int slotSize) {
    boolean refs = layout.refCount() > 0 || layout.tail().map(t -> t.kind() == org.jnvm.layout.FieldKind.REF).orElse(false);
    return !refs && slotSize >= 8 && slotSize <= MAX_SLOT && slotSize % 8 == 0 && layout.size() <= slotSize;
  }

  private synchronized int register(PClass<?> type, int slotSize) {
    for (Entry other : entries) {
      if (other.name.equals(type.name())) {
        checkSameLayout(other, type);
      }
    }
    Entry e = byKey.get(key(type.name(), slotSize));
    if (e == null) {
      e = append(type, slotSize);
    }
    e.resolved = type;
    return e.id;
  }

  private static String key(String name, int slotSize) {
    return slotSize == 0 ? name : name + "#" + slotSize;
  }

  private Entry append(PClass<?> type, int slotSize) {
    byte[] name = type.name().getBytes(StandardCharsets.UTF_8);
    byte[] descriptor = type.layout().descriptor().getBytes(StandardCharsets.UTF_8);
    int id = entries.size() + 1;
    if (id > BlockHeader.MAX_CLASS_ID) {
      throw Errors.registryFull(path, "it already holds " + BlockHeader.MAX_CLASS_ID + " classes");
    }
    if (name.length > MAX_NAME || descriptor.length > 0xffff) {
      throw Errors.tooLongForRegistry(type.name());
    }
    int length = (RECORD_HEADER + name.length + descriptor.length + 7) & -8;
    if (end + length > capacity) {
      throw Errors.registryFull(path, "it has " + (capacity - end) + " bytes left and " + type.name() + " needs " + length);
    }
    long a = base + end;
    Memory.setMemory(a, length, (byte) 0);
    Memory.putInt(a, length);
    Memory.putInt(a + 4, id);
    Memory.putLong(a + 8, type.layout().fingerprint());
    Memory.putShort(a + 16, (short) name.length);
    Memory.putShort(a + 18, (short) descriptor.length);
    Memory.putInt(a + 20, slotSize);
    Memory.copyFromArray(name, 0, a + RECORD_HEADER, name.length);
    Memory.copyFromArray(descriptor, 0, a + RECORD_HEADER + name.length, descriptor.length);
    persistence.pwb(a, length);
    persistence.pfence();
    end += length;
    Memory.putLong(endWord, end);
    persistence.pwb(endWord);
    persistence.pfence();
    Entry e = new Entry(id, type.name(), type.layout(), slotSize);
    add(e);
    return e;
  }

  private void checkSameLayout(Entry e, PClass<?> type) {
    if (!e.layout.equals(type.layout())) {
      throw Errors.layoutMismatch(path, e.name, type.layout().differencesFrom(e.layout, "the code", "the heap"));
    }
  }

  /**
   * The proxy class of an entry, loaded on first use. Throws if the class is missing, is not a
   * proxy, or has a layout that differs from the heap's.
   */
  public PClass<?> resolve(Entry e) {
    PClass<?> c = e.resolved;
    if (c != null) {
      return c;
    }
    synchronized (this) {
      if (e.resolved == null) {
        PClass<?> loaded = load(e);
        checkSameLayout(e, loaded);
        if (!e.isPool()) {
          loaded.bind(new PClass.Binding(this, e.id));
        }
        e.resolved = loaded;
      }
      return e.resolved;
    }
  }

  /**
   * Resolves every class that can be found, so that a changed layout is reported when the heap is
   * opened, not at the first access. Classes that are not on the class path are left for later:
   * recovery does not need them. Returns the names of those.
   */
  public List<String> resolveAvailable() {
    List<String> missing = new ArrayList<>();
    for (Entry e : List.copyOf(entries)) {
      if (findClass(e.name) == null) {
        missing.add(e.name);
      } else {
        resolve(e);
      }
    }
    return missing;
  }

  private PClass<?> load(Entry e) {
    Class<?> type = findClass(e.name);
    if (type == null) {
      throw Errors.classNotFound(path, e.name);
    }
    // Checked before anything initialises the class: a heap file must not run arbitrary code.
    if (!PObject.class.isAssignableFrom(type) || type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
      throw Errors.notAProxy(path, e.name);
    }
    try {
      Field field = type.getField(PClass.FIELD);
      if (!Modifier.isStatic(field.getModifiers()) || field.getType() != PClass.class) {
        throw Errors.notAProxy(path, e.name);
      }
      PClass<?> c = (PClass<?>) field.get(null);
      if (c == null || c.type() != type) {
        throw Errors.notAProxy(path, e.name);
      }
      return c;
    } catch (NoSuchFieldException | IllegalAccessException ex) {
      throw Errors.notAProxy(path, e.name);
    }
  }

  private static Class<?> findClass(String name) {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    for (ClassLoader loader : new ClassLoader[] {context, ClassRegistry.class.getClassLoader()}) {
      if (loader == null) {
        continue;
      }
      try {
        return Class.forName(name, false, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        // try the next loader
      }
    }
    return null;
  }
}
