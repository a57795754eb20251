/**
 * Persistent data types: strings, boxed numbers, arrays, lists, maps and sets whose state lives in
 * a jnvm heap, each a drop-in for its {@code java.util} interface (the paper's section 4.3).
 *
 * <h2>Values</h2>
 *
 * {@link org.jnvm.pdt.PString}, {@link org.jnvm.pdt.PBytes}, {@link org.jnvm.pdt.PLong} and {@link
 * org.jnvm.pdt.PInt} are immutable, with {@code equals}, {@code hashCode} and {@code compareTo}
 * following their content, so they can key maps. They are allocated with {@link
 * org.jnvm.heap.Heap#allocateImmutable}: a small one takes a slot of a pool block shared with
 * others of its class (section 4.4), a large one whole blocks. With the default 256-byte blocks,
 * slots go up to 64 bytes: a string of up to 56 Latin-1 characters, a byte sequence of up to 56
 * bytes, and every {@code PLong} and {@code PInt} (16 bytes).
 *
 * <p>{@link org.jnvm.pdt.PByteRecord} is the mutable counterpart for records: a fixed number of
 * byte fields of bounded length, each replaced failure-atomically in place, without a log, through
 * a spare slot and one word that maps fields to slots.
 *
 * <h2>Publication</h2>
 *
 * New objects are invalid until published. Containers publish what they are handed: they write a
 * new key, value or element back (unless its creator did, as strings and byte sequences do) and
 * validate it without a fence, then make their own change with one atomic reference update, whose
 * fence covers both. An object that is valid already is left alone; objects it references must
 * have been published by whoever built it.
 *
 * <h2>Maps and sets</h2>
 *
 * A map is a header referencing a slot array of references to key/value pairs. In volatile memory
 * it keeps a mirror from each key to its slot (for hash maps, a chained hash table whose nodes are
 * the slot records themselves, with lookups that take no lock in the concurrent one, and beside
 * it, once a map is large, an open-addressed index in which a short string key's row holds its
 * value's place; a {@code
 * TreeMap} or a {@code ConcurrentSkipListMap} for sorted maps), and a queue of free slots. An insert writes a new
 * pair into a free slot, a value update rewrites the pair's value reference, a removal writes null
 * into the slot: each is one atomic reference update, so the heap is consistent after any crash
 * without failure-atomic blocks. (A value or pair that is valid already is not validated again by
 * that update: see {@code Publication}.) Growing swaps in a larger copy of the slot array, also with one
 * atomic update. Resurrecting a map scans the slots to rebuild the mirror, sized for them at once;
 * every proxy of a map in
 * a heap shares that mirror, so only the first resurrection scans. A set is a map from each
 * element to itself.
 *
 * <p>Maps keep one key proxy per entry; the {@link org.jnvm.pdt.Policy} says what they keep of
 * values: nothing ({@code BASE}), what the first read found ({@code CACHED}: a mutable value's
 * proxy, or an immutable value's place, class and size, from which each read makes a proxy without
 * reading a header), or proxies made for all entries at resurrection ({@code EAGER}). Every
 * mirror record keeps the address of its pair (granted as a proxy's direct access is), so that a
 * value update outside failure-atomic blocks writes the pair without looking it up or making a
 * handle; it changes the record in place.
 *
 * <p><b>Durability.</b> A change is crash-consistent when it returns, and durable at the calling
 * thread's next fence, as every low-level write is: the fence that publishes the next change, or a
 * {@link org.jnvm.heap.Heap#psync()} where a change must survive a crash before the program goes
 * on (a server before it replies, say). Back-to-back changes thus share their waits.
 *
 * <p><b>Lookups by plain values.</b> {@link org.jnvm.pdt.PMap#get(org.jnvm.pdt.KeyProbe)} looks a key up with a
 * volatile stand-in, such as {@code map.get(PString.probe("alice"))}, so a program that holds
 * {@code String}s makes no persistent string to ask a map keyed by {@code PString}s. {@link
 * org.jnvm.pdt.PMap#computeIfPresent(org.jnvm.pdt.KeyProbe, java.util.function.BiFunction)}
 * changes the value of such a key with one lookup, and hands its function the map's own key;
 * {@code containsKey}, {@code replace} and {@code remove} take probes too. To update a key that is
 * likely present, {@link org.jnvm.pdt.PMap#put(org.jnvm.pdt.KeyProbe, java.util.function.Supplier,
 * org.jnvm.PObject)} makes the persistent key only when it adds one: a {@code put} of a new
 * key equal to a present one keeps the map's key and leaves the new one allocated.
 *
 * <p><b>Iteration.</b> An entry from an iterator reads its value when asked, so it sees a value
 * updated since; once its key is removed, it reads null rather than a value the removal may free.
 *
 * <p><b>Nulls.</b> Maps and sets hold no null keys, values or elements, and a null query throws
 * {@link java.lang.NullPointerException}, as {@code ConcurrentHashMap} does. {@link
 * org.jnvm.pdt.PArrayList}, like {@code ArrayList}, holds nulls.
 *
 * <p><b>Freeing.</b> The {@code java.util} methods never free a key, value or element: {@code
 * remove} returns the value alive, and when the key passed is only equal to the stored one, the
 * stored key stays allocated. {@link org.jnvm.pdt.PMap#putAndFree} and {@link
 * org.jnvm.pdt.PMap#replaceAndFree} free the value they replace, after the fence that must precede
 * that free; {@link org.jnvm.pdt.PMap#removeAndFree}, {@link
 * org.jnvm.pdt.PMap#clear(Contents)} and {@link org.jnvm.pdt.PSet#removeAndFree} free what they are
 * told to; {@link org.jnvm.pdt.PMap#free(Contents)}, {@link org.jnvm.pdt.PSet#free(boolean)} and
 * {@link org.jnvm.pdt.PArrayList#free(boolean)} free a whole container, with or without its
 * contents. A container freed as a value goes whole, and with what it holds under {@link
 * org.jnvm.pdt.Contents#DEEP}: {@code table.removeAndFree(PString.probe(id), Contents.DEEP)}
 * removes a record map with every field. A container must be unlinked before it is freed.
 *
 * <p><b>Failure-atomic blocks.</b> Maps, sets and lists may be changed inside blocks: their heap
 * writes go through handles, which the block redirects, and their frees wait for the commit. A map
 * changed inside a block registers an abort action ({@link org.jnvm.fa.FailureAtomic#onAbort}):
 * once the block has been rolled back, it brings the map's mirror back to what the heap holds,
 * holding all of the map's locks meanwhile. A list keeps no volatile state that an abort could
 * make stale.
 *
 * <p><b>Threads.</b> {@link org.jnvm.pdt.PSkipListMap}, {@link org.jnvm.pdt.PConcurrentHashMap} and
 * their sets are safe for concurrent use: reads take no lock, changes to one key are serialised by
 * a striped lock, and growing the slot array excludes slot writes. The other types are not.
 */
package org.jnvm.pdt;
