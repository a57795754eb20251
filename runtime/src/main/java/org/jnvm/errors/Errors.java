package org.jnvm.errors;

import java.util.List;

/**
 * Every message jnvm gives a user, in one place, so that they read alike and say what to do. Each
 * method returns the exception for its caller to throw.
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

  // ------------------------------------------------------------ filling new objects

  public static IllegalStateException underfilled(String what, long filled, long length) {
    return new IllegalStateException("a new " + what + " of " + length + " bytes was given " + filled + "; its filler must write every byte");
  }

  public static IllegalStateException fillerClosed(String what) {
    return new IllegalStateException("a filler of a " + what + " was used after the " + what + " was made; keep it inside the fill");
  }

  // ------------------------------------------------------------ heap options

  public static IllegalArgumentException negativePrefault(long bytes) {
    return new IllegalArgumentException("prefault takes the bytes to keep touched ahead of allocation, 0 to turn it off, not " + bytes);
  }

  // ------------------------------------------------------------ persistence backends

  public static PersistenceUnavailableException backendUnavailable(String backend, String reason) {
    return new PersistenceUnavailableException("persistence backend '" + backend + "' is not available: " + reason);
  }

  public static IllegalArgumentException unknownBackend(String name, List<String> known) {
    return new IllegalArgumentException("unknown persistence backend '" + name + "'; choose one of " + known);
  }
}
