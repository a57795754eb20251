package org.jnvm.errors;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Every message the runtime gives a user, in one place, so that they read alike and say what to do.
 * Each method returns the exception for its caller to throw, except the two enum messages, whose
 * exception lives with the proxies: this package imports no other jnvm package. What {@link
 * #corrupt} is given as detail is written at the check that failed, since it says what that check
 * found.
 */
public final class Errors {
  private Errors() {}

  // ------------------------------------------------------------ heap files

  public static HeapCorruptedException corrupt(String path, String detail) {
    return new HeapCorruptedException("heap " + path + " is damaged: " + detail);
  }

  /** A file whose length is not the heap size its superblock gives; only a shorter one can have been cut. */
  public static HeapCorruptedException sizeMismatch(String path, long fileSize, long heapSize) {
    return corrupt(
        path,
        "the file is " + fileSize + " bytes, " + (fileSize < heapSize ? "shorter" : "larger") + " than the " + heapSize
            + " its superblock gives" + (fileSize < heapSize ? " (truncated, or copied only in part?)" : ""));
  }

  public static UncheckedIOException cannotCreate(String path, IOException cause) {
    return new UncheckedIOException("cannot create heap " + path, cause);
  }

  public static UncheckedIOException cannotOpen(String path, IOException cause) {
    return new UncheckedIOException("cannot open heap " + path, cause);
  }

  public static UncheckedIOException cannotRead(String path, IOException cause) {
    return new UncheckedIOException("cannot read heap " + path, cause);
  }

  public static UncheckedIOException cannotMap(String path, IOException cause) {
    return new UncheckedIOException("cannot map heap file " + path, cause);
  }

  public static IllegalStateException noDefaultHeap() {
    return new IllegalStateException("no open default heap: call JNVM.init(path, size) first");
  }

  public static HeapCorruptedException notAHeap(String path) {
    return new HeapCorruptedException("file " + path + " is not a jnvm heap (no JNVMHEAP magic number at its start)");
  }

  public static HeapCorruptedException unsupportedVersion(String path, int found, int supported) {
    return new HeapCorruptedException(
        "heap " + path + " has format version " + found + "; this jnvm reads version " + supported + " only");
  }

  public static JnvmException noHeap(String path) {
    return new JnvmException("no heap at " + path + ": create it with Heap.create or Heap.openOrCreate");
  }

  /**
   * A second open of a heap file that is open already. {@code holder} is the pid of the process
   * that has it open, or -1 if the OS does not tell.
   */
  public static HeapInUseException heapInUse(String path, long holder) {
    String who = holder < 0 ? "another process"
        : holder == ProcessHandle.current().pid() ? "this process (pid " + holder + ")"
        : "process " + holder;
    return new HeapInUseException(
        "heap " + path + " is already open in " + who + ", and a heap has one user at a time; close it there before opening it again"
            + " (this open changed nothing in the file)",
        holder);
  }

  public static HeapClosedException closed(String path) {
    return new HeapClosedException("heap " + path + " is closed; open it again to use its objects");
  }

  public static OutOfPersistentMemoryException outOfSpace(String path, long wanted, long available) {
    return new OutOfPersistentMemoryException(
        "heap " + path + " is full: an allocation of " + wanted + " bytes failed with " + available
            + " bytes free; free objects or create a larger heap");
  }

  public static OutOfPersistentMemoryException rootTableFull(String path, int capacity) {
    return new OutOfPersistentMemoryException(
        "heap " + path + " has all its " + capacity + " roots in use; remove one, or create the heap with a larger HeapConfig.rootCapacity");
  }

  public static OutOfPersistentMemoryException registryFull(String path, String detail) {
    return new OutOfPersistentMemoryException(
        "the class registry of heap " + path + " is full (" + detail + "); create the heap with a larger HeapConfig.registryBytes");
  }

  // ------------------------------------------------------------ classes

  /** {@code differences} say which side is the code and which the heap. */
  public static LayoutMismatchException layoutMismatch(String path, String className, List<String> differences) {
    return new LayoutMismatchException(
        "class " + className + " does not match its layout in heap " + path + ": " + String.join("; ", differences)
            + ". Open the heap with the class as it was when the heap was written. jnvm cannot evolve a layout"
            + " yet: to move to the new class, copy the data into new objects (of a class with another name, or in"
            + " another heap) from a program that opens the heap with the old class.");
  }

  public static JnvmException classNotFound(String path, String className) {
    return new JnvmException("heap " + path + " holds objects of class " + className + ", which is not on the class path");
  }

  public static HeapCorruptedException notAProxy(String path, String className) {
    return new HeapCorruptedException(
        "heap " + path + " names class " + className
            + ", which is not a persistent class (it must implement org.jnvm.PObject and declare a static PCLASS field); it was not initialised");
  }

  /** For a registry entry larger than its fields can say. */
  public static IllegalArgumentException tooLongForRegistry(String className) {
    return new IllegalArgumentException("class name or layout of " + className + " is too long for the registry");
  }

  // ------------------------------------------------------------ layouts

  // Descriptors are written by the processor; these say which part of one does not parse.

  public static IllegalArgumentException tailNotLast(String part) {
    return new IllegalArgumentException("the array tail must come last: " + part);
  }

  public static IllegalArgumentException descriptorNotCanonical(String descriptor) {
    return new IllegalArgumentException("descriptor is not in canonical form: " + descriptor);
  }

  public static IllegalArgumentException malformedField(String part) {
    return new IllegalArgumentException("malformed field: " + part);
  }

  public static IllegalArgumentException malformedInlineArray(String part) {
    return new IllegalArgumentException("malformed inline array: " + part);
  }

  public static IllegalArgumentException unknownFieldKind(String part) {
    return new IllegalArgumentException("unknown field kind in: " + part);
  }

  public static IllegalArgumentException malformedTail(String part) {
    return new IllegalArgumentException("malformed array tail: " + part);
  }

  public static IllegalArgumentException unknownElementKind(String part) {
    return new IllegalArgumentException("unknown element kind in: " + part);
  }

  public static IllegalArgumentException badOffset(String text) {
    return new IllegalArgumentException("bad offset: " + text);
  }

  public static IllegalArgumentException notAnIdentifier(String field) {
    return new IllegalArgumentException("field name is not a Java identifier: '" + field + "'");
  }

  public static IllegalArgumentException fieldTwice(String field) {
    return new IllegalArgumentException("field '" + field + "' appears twice");
  }

  public static IllegalArgumentException inlineArrayTooSmall(String field, int count, String kind) {
    return new IllegalArgumentException("inline array '" + field + "' must hold at least 2 primitives, not " + count + " of kind " + kind);
  }

  public static IllegalArgumentException inlineArrayTooSmall(int count, Object kind) {
    return new IllegalArgumentException("an inline array holds at least 2 primitives: " + count + " of " + kind);
  }

  public static IllegalArgumentException fieldMisaligned(String field, long offset, int alignment) {
    return new IllegalArgumentException("field '" + field + "' at " + offset + " is not aligned to " + alignment);
  }

  public static IllegalArgumentException fieldPastEnd(String field, long maxSize) {
    return new IllegalArgumentException("field '" + field + "' ends past " + maxSize + " bytes");
  }

  public static IllegalArgumentException fieldsOverlap(String field) {
    return new IllegalArgumentException("field '" + field + "' overlaps another field");
  }

  public static IllegalArgumentException badArrayLengthField(String field) {
    return new IllegalArgumentException("array length field '" + field + "' must be an int or long field");
  }

  public static IllegalArgumentException badTailOffset(long offset) {
    return new IllegalArgumentException("array tail at " + offset + " must be 8-aligned and after every field");
  }

  public static IllegalArgumentException extendsArrayLayout() {
    return new IllegalArgumentException("cannot extend an array layout");
  }

  // ------------------------------------------------------------ objects and references

  public static FreedObjectException freed(long offset) {
    return new FreedObjectException("the object at offset " + offset + " was freed; this proxy can no longer be used");
  }

  public static IndexOutOfBoundsException outOfObject(long off, int width, long capacity) {
    return new IndexOutOfBoundsException(
        "an access of " + width + " bytes at offset " + off + " falls outside the object's " + capacity + " bytes");
  }

  public static IllegalArgumentException spansBlocks(long off, int width) {
    return new IllegalArgumentException(
        "an access of " + width + " bytes at offset " + off + " spans two blocks; align fields to their size");
  }

  public static IllegalArgumentException arrayWithoutLength(String className) {
    return new IllegalArgumentException(className + " is an array: allocate it with a length");
  }

  public static IllegalArgumentException negativeLength(long length) {
    return new IllegalArgumentException("negative length " + length);
  }

  public static IllegalArgumentException negativeSpan(long span) {
    return new IllegalArgumentException("negative span " + span);
  }

  public static IllegalArgumentException notPoolable(String className, int slotSize) {
    return new IllegalArgumentException(className + " cannot be pooled in slots of " + slotSize + " bytes");
  }

  public static IllegalArgumentException outsideHeap(String path, long address) {
    return new IllegalArgumentException("address 0x" + Long.toHexString(address) + " is outside heap " + path);
  }

  public static IllegalArgumentException badRootName(String name, int bytes, int maxBytes) {
    return new IllegalArgumentException("a root name takes 1 to " + maxBytes + " bytes of UTF-8, not " + bytes + ": '" + name + "'");
  }

  public static HeapCorruptedException dangling(String path, long offset) {
    return new HeapCorruptedException(
        "a reference in heap " + path + " points to offset " + offset + ", where no object starts (it was freed while still referenced, or the heap is damaged)");
  }

  public static HeapCorruptedException badReference(String path, long offset) {
    return new HeapCorruptedException("a reference in heap " + path + " holds " + offset + ", which is not the offset of a data block");
  }

  public static HeapCorruptedException wrongReferenceType(long object, long field, Class<?> actual, Class<?> expected) {
    return new HeapCorruptedException(
        "the reference at offset " + field + " of the object at " + object + " leads to a " + actual.getName()
            + " where a " + expected.getName() + " is declared");
  }

  public static ClassCastException wrongRootType(String name, Class<?> actual, Class<?> expected) {
    return new ClassCastException("root '" + name + "' is a " + actual.getName() + ", not a " + expected.getName());
  }

  public static NullPointerException rootCreatedNull(String name) {
    return new NullPointerException("the supplier given to getOrCreate for root '" + name + "' returned null; it must make the root's object");
  }

  public static IllegalArgumentException badShape(String path, long offset, long shape) {
    return new IllegalArgumentException(
        "shape " + Long.toHexString(shape) + " cannot be that of an object at offset " + offset + " of heap " + path
            + ": pass only a shape that Handle.shape() gave for that very object, or 0");
  }

  public static IllegalArgumentException cursorNeedsOneBlock(String className, int blockSize) {
    return new IllegalArgumentException(
        "a cursor visits objects of one block of " + blockSize + " bytes, and an object of " + className
            + " can be larger (its layout is, or it is an array); visit such objects with Heap.resurrect(offset)");
  }

  public static ClassCastException notOfCursorClass(long offset, Class<?> actual, Class<?> expected) {
    return new ClassCastException(
        "the object at offset " + offset + " is a " + actual.getName() + ", and this cursor visits objects of " + expected.getName());
  }

  public static IllegalArgumentException foreignObject(String path, String otherPath) {
    return new IllegalArgumentException(
        "an object of heap " + otherPath + " cannot be stored in or freed from heap " + path + "; references never cross heaps");
  }

  public static IllegalArgumentException notTheProbedKey(Object key, Object probe) {
    return new IllegalArgumentException(
        "the key made to add, " + key + ", is not the key that " + probe + " stands for; make the key of the probe's own value");
  }

  // ------------------------------------------------------------ failure-atomic blocks

  public static BlockConflictException blockConflict(String path, long object) {
    return new BlockConflictException(
        "two failure-atomic blocks write the same block of the object at offset " + object + " in heap " + path
            + " at the same time; blocks give no isolation, so lock the objects they share");
  }

  public static IllegalStateException rootInBlock(String name) {
    return new IllegalStateException(
        "root '" + name + "' cannot change inside a failure-atomic block, which could not undo it; "
            + "change roots after the block, or keep the object in a field of a rooted object");
  }

  public static IllegalStateException notRecovering() {
    return new IllegalStateException(
        "collectAfterRecover() is for recover() hooks, which run while a heap opens; free objects with Heap.free instead");
  }

  public static IllegalStateException blockSpansHeaps(String path, String otherPath) {
    return new IllegalStateException(
        "a failure-atomic block that writes heap " + path + " cannot also write heap " + otherPath + "; use one block per heap");
  }

  /** {@code what} is onCommit or onAbort. */
  public static IllegalStateException outsideBlock(String what) {
    return new IllegalStateException("FailureAtomic." + what + "() outside a block");
  }

  public static IllegalStateException unmatchedEnd(String what) {
    return new IllegalStateException("FailureAtomic." + what + "() without a matching start()");
  }

  /** A bug of the log, not of its user: an entry number the log's segments do not reach. */
  public static IllegalStateException pastLog(long entry) {
    return new IllegalStateException("entry " + entry + " is past the log");
  }

  // ------------------------------------------------------------ filling new objects

  public static IllegalStateException underfilled(String what, long filled, long length) {
    return new IllegalStateException("a new " + what + " of " + length + " bytes was given " + filled + "; its filler must write every byte");
  }

  public static IllegalStateException fillerClosed(String what) {
    return new IllegalStateException("a filler of a " + what + " was used after the " + what + " was made; keep it inside the fill");
  }

  // ------------------------------------------------------------ heap options

  public static IllegalArgumentException badBlockSize(int blockSize) {
    return new IllegalArgumentException("block size must be a power of two from 64 B to 1 MiB, not " + blockSize);
  }

  public static IllegalArgumentException heapTooSmall(long heapSize, long metadataBytes) {
    return new IllegalArgumentException("heap size " + heapSize + " is too small: the metadata alone takes " + metadataBytes + " bytes");
  }

  public static IllegalArgumentException negativePrefault(long bytes) {
    return new IllegalArgumentException("prefault takes the bytes to keep touched ahead of allocation, 0 to turn it off, not " + bytes);
  }

  // ------------------------------------------------------------ persistence backends

  /** A bug of the backend, not of its user: a write-back of an address the heap does not map. */
  public static IllegalStateException pwbOutsideMapping(long address) {
    return new IllegalStateException("pwb of an address outside the heap mapping: 0x" + Long.toHexString(address));
  }

  public static PersistenceUnavailableException backendUnavailable(String backend, String reason) {
    return new PersistenceUnavailableException("persistence backend '" + backend + "' is not available: " + reason);
  }

  public static IllegalArgumentException unknownBackend(String name, List<String> known) {
    return new IllegalArgumentException("unknown persistence backend '" + name + "'; choose one of " + known);
  }

  // ------------------------------------------------------------ proxies

  /** The persistent class a generated proxy extends, as its messages name it. */
  private static String persistentClass(Class<?> proxy) {
    Class<?> base = proxy.getSuperclass();
    return base == null ? proxy.getName() : base.getName();
  }

  public static IllegalStateException proxyWithoutObject(Class<?> proxy) {
    return new IllegalStateException(
        "a " + proxy.getSimpleName() + " used its persistent fields before it had an object: the no-argument"
            + " constructor of " + persistentClass(proxy) + " also runs when a proxy is resurrected, so it must not read"
            + " or write persistent fields (rebuild volatile state in resurrect() instead); or this proxy's constructor"
            + " threw, and the proxy must not be used");
  }

  public static IllegalStateException misadopted(Class<?> proxy) {
    return new IllegalStateException(
        "the construction of a " + proxy.getSimpleName() + " lost its object to another " + proxy.getSimpleName()
            + " under construction, which was used by a nested construction before it touched its own fields: in the"
            + " constructor of " + persistentClass(proxy) + ", write a persistent field before passing this to a new "
            + proxy.getSimpleName());
  }

  public static IllegalStateException faOutsideBlock(Class<?> proxy) {
    String name = proxy.getSimpleName();
    return new IllegalStateException(
        "new " + name + "(...) outside a failure-atomic block: " + persistentClass(proxy) + " is failure-atomic, and"
            + " a constructor run by new could not abort a block if it threw (Java lets no constructor catch what its"
            + " superclass constructor throws); write " + name + ".create(...), or construct it inside a failure-atomic"
            + " method or FailureAtomic.run");
  }

  public static IllegalStateException lostConstruction(Class<?> proxy) {
    return new IllegalStateException(
        "the construction of a " + proxy.getSimpleName() + " is not pending on this thread: a proxy must be"
            + " constructed by the thread that started it");
  }

  public static IllegalStateException layoutChanged(Class<?> proxy, long generated, long actual) {
    return new IllegalStateException(
        proxy.getName() + " was generated for the layout with fingerprint " + Long.toHexString(generated)
            + ", but its layout is now " + Long.toHexString(actual) + ": a @Persistent superclass changed since;"
            + " recompile " + persistentClass(proxy) + " with the jnvm processor");
  }

  /** The message only: its exception, {@code org.jnvm.proxy.UnknownEnumException}, lives with the proxies. */
  public static String unknownEnumId(Class<?> type, int id) {
    return "an enum field of type " + type.getName() + " holds id 0x" + Integer.toHexString(id)
        + ", which names none of its constants: a constant was renamed or removed since the value was written"
        + " (ids are hashes of constant names, see EnumIds), or the heap is damaged";
  }

  /** The message only, as for {@link #unknownEnumId}. */
  public static String unknownEnumConstant(Enum<?> constant) {
    return constant.getDeclaringClass().getName() + "." + constant.name() + " was added after the proxy that stores it"
        + " was generated: recompile the @Persistent classes that use " + constant.getDeclaringClass().getSimpleName();
  }

  public static IllegalArgumentException inlineCapacity(int capacity, int max) {
    return new IllegalArgumentException("an @Inline field's capacity must be between 1 and " + max + " bytes, not " + capacity);
  }

  public static IllegalArgumentException inlineTooLong(int length, int capacity) {
    return new IllegalArgumentException(
        length + " bytes do not fit an @Inline field of capacity " + capacity
            + ": write at most " + capacity + ", or raise the capacity (which changes the layout)");
  }

  public static HeapCorruptedException inlineLength(String path, long object, long field, long length, int capacity) {
    return corrupt(
        path,
        "the @Inline field at payload offset " + field + " of the object at " + object + " claims " + length
            + " bytes, but its capacity is " + capacity);
  }

  public static IndexOutOfBoundsException outsideSnapshot(long field, int capacity, long from, int length) {
    return new IndexOutOfBoundsException(
        "the @Inline field of capacity " + capacity + " at payload offset " + field
            + " does not lie within the snapshot of payload bytes " + from + " to " + (from + length)
            + ": take a snapshot that covers its length word and its capacity");
  }
}
