/**
 * YCSB bindings for what Java users pick instead of jnvm, each in its durable configuration, or
 * labelled where it has none: {@link org.jnvm.bench.ycsb.peers.MapDbBinding},
 * {@link org.jnvm.bench.ycsb.peers.ChronicleMapBinding} and
 * {@link org.jnvm.bench.ycsb.peers.LmdbBinding}. They are built, as the jnvm bindings are, on
 * {@link org.jnvm.bench.ycsb.store}: its record codec, one store per process and the YCSB side.
 *
 * <p>Their JVMs need the flags listed one per line in {@code bench/ycsb/peer-jvm-flags}: Chronicle
 * Map's exports and opens for JDK 17+ (from its parent POM's {@code java17} profile), lmdbjava's
 * opens of {@code java.nio} and {@code sun.nio.ch}, the switch that turns Chronicle's analytics
 * off (its jar is excluded from the build as well), and native access for the libraries MapDB
 * (lz4) and lmdbjava (jffi) load, which JDK 24+ would warn about. Every flag there works on JDK 17
 * and 25. JDK 24+ also warns about {@code sun.misc.Unsafe} memory access (jffi, lmdbjava, Chronicle);
 * {@code --sun-misc-unsafe-memory-access=allow} silences it but stops JDK 17 from starting, so it
 * is not in the file: whoever starts a JDK 24+ JVM adds it, as the parent POM does for surefire.
 */
package org.jnvm.bench.ycsb.peers;
