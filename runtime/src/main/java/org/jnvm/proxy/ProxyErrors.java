package org.jnvm.proxy;

/** Every message the generated proxies and their runtime support give, in one place. */
final class ProxyErrors {
  private ProxyErrors() {}

  private static String persistentClass(Class<?> proxy) {
    Class<?> base = proxy.getSuperclass();
    return base == null ? proxy.getName() : base.getName();
  }

  static String noObject(Class<?> proxy) {
    return "a " + proxy.getSimpleName() + " used its persistent fields before it had an object: the no-argument"
        + " constructor of " + persistentClass(proxy) + " also runs when a proxy is resurrected, so it must not read"
        + " or write persistent fields (rebuild volatile state in resurrect() instead); or this proxy's constructor"
        + " threw, and the proxy must not be used";
  }

  static String misadopted(Class<?> proxy) {
    return "the construction of a " + proxy.getSimpleName() + " lost its object to another " + proxy.getSimpleName()
        + " under construction, which was used by a nested construction before it touched its own fields: in the"
        + " constructor of " + persistentClass(proxy) + ", write a persistent field before passing this to a new "
        + proxy.getSimpleName();
  }

  static String faOutsideBlock(Class<?> proxy) {
    String name = proxy.getSimpleName();
    return "new " + name + "(...) outside a failure-atomic block: " + persistentClass(proxy) + " is failure-atomic, and"
        + " a constructor run by new could not abort a block if it threw (Java lets no constructor catch what its"
        + " superclass constructor throws); write " + name + ".create(...), or construct it inside a failure-atomic"
        + " method or FailureAtomic.run";
  }

  static String lostConstruction(Class<?> proxy) {
    return "the construction of a " + proxy.getSimpleName() + " is not pending on this thread: a proxy must be"
        + " constructed by the thread that started it";
  }

  static String layoutChanged(Class<?> proxy, long generated, long actual) {
    return proxy.getName() + " was generated for the layout with fingerprint " + Long.toHexString(generated)
        + ", but its layout is now " + Long.toHexString(actual) + ": a @Persistent superclass changed since;"
        + " recompile " + persistentClass(proxy) + " with the jnvm processor";
  }

  static String unknownEnumId(Class<?> type, int id) {
    return "an enum field of type " + type.getName() + " holds id 0x" + Integer.toHexString(id)
        + ", which names none of its constants: a constant was renamed or removed since the value was written"
        + " (ids are hashes of constant names, see EnumIds), or the heap is damaged";
  }

  static String unknownEnumConstant(Enum<?> constant) {
    return constant.getDeclaringClass().getName() + "." + constant.name() + " was added after the proxy that stores it"
        + " was generated: recompile the @Persistent classes that use " + constant.getDeclaringClass().getSimpleName();
  }

  static String inlineCapacity(int capacity, int max) {
    return "an @Inline field's capacity must be between 1 and " + max + " bytes, not " + capacity;
  }

  static String inlineTooLong(int length, int capacity) {
    return length + " bytes do not fit an @Inline field of capacity " + capacity
        + ": write at most " + capacity + ", or raise the capacity (which changes the layout)";
  }

  static String inlineLength(long object, long field, long length, int capacity) {
    return "the @Inline field at payload offset " + field + " of the object at " + object + " claims " + length
        + " bytes, but its capacity is " + capacity;
  }

  static String outsideSnapshot(long field, int capacity, long from, int length) {
    return "the @Inline field of capacity " + capacity + " at payload offset " + field
        + " does not lie within the snapshot of payload bytes " + from + " to " + (from + length)
        + ": take a snapshot that covers its length word and its capacity";
  }
}
