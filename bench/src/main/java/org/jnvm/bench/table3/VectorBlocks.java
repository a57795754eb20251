package org.jnvm.bench.table3;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.jnvm.memory.Memory;
import org.jnvm.persist.Persistence;

/**
 * The blocks of Table 3 read and written with the Vector API (the incubating module {@value
 * #MODULE}), over a mapping of the heap file of their own, as C maps it: the diagnostic that tells
 * whether Java falls behind C's vectorized loop for being Java or for reading a word at a time. A
 * read adds the block's words in vector registers, as gcc's {@code -O3 -march=native} build does,
 * and reduces the lanes once; a write stores vectors of the values every side stores.
 *
 * <p>The load and store methods changed between JDK 17, where they take a {@link ByteBuffer} and an
 * {@code int} offset, and JDK 20 and later, where they take a {@code MemorySegment} and a {@code
 * long}: the bench compiles against JDK 17 and runs on both, so it finds them by name when the class
 * loads and calls them through constant method handles, which C2 inlines as it does a direct call.
 * Load this class only where {@link #available()} holds.
 */
final class VectorBlocks {
  static final String MODULE = "jdk.incubator.vector";

  private static final VectorSpecies<Long> SPECIES = LongVector.SPECIES_PREFERRED;
  private static final int STEP = SPECIES.vectorByteSize();
  private static final ByteOrder ORDER = ByteOrder.nativeOrder();
  /** Lane i holds i: a block's first vector to store is this plus the block's first value. */
  private static final LongVector LANE_INDEX = LongVector.zero(SPECIES).addIndex(1);
  /** {@code (VectorSpecies, Object memory, int offset, ByteOrder) LongVector}. */
  private static final MethodHandle LOAD;
  /** {@code (LongVector, Object memory, int offset, ByteOrder) void}. */
  private static final MethodHandle STORE;
  /** {@code (ByteBuffer) Object}: the memory object LOAD and STORE take, over a mapped buffer. */
  private static final MethodHandle MEMORY;

  static {
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    MethodType load = MethodType.methodType(LongVector.class, VectorSpecies.class, Object.class, int.class, ByteOrder.class);
    MethodType store = MethodType.methodType(void.class, LongVector.class, Object.class, int.class, ByteOrder.class);
    try {
      Class<?> segment = segmentClass();
      if (segment != null) {
        LOAD = lookup.findStatic(LongVector.class, "fromMemorySegment", MethodType.methodType(LongVector.class, VectorSpecies.class, segment, long.class, ByteOrder.class))
            .asType(load);
        STORE = lookup.findVirtual(LongVector.class, "intoMemorySegment", MethodType.methodType(void.class, segment, long.class, ByteOrder.class)).asType(store);
        MEMORY = lookup.findStatic(segment, "ofBuffer", MethodType.methodType(segment, java.nio.Buffer.class)).asType(MethodType.methodType(Object.class, ByteBuffer.class));
      } else {
        LOAD = lookup.findStatic(LongVector.class, "fromByteBuffer", MethodType.methodType(LongVector.class, VectorSpecies.class, ByteBuffer.class, int.class, ByteOrder.class))
            .asType(load);
        STORE = lookup.findVirtual(LongVector.class, "intoByteBuffer", MethodType.methodType(void.class, ByteBuffer.class, int.class, ByteOrder.class)).asType(store);
        MEMORY = MethodHandles.identity(ByteBuffer.class).asType(MethodType.methodType(Object.class, ByteBuffer.class));
      }
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** JDK 20 and later: {@code java.lang.foreign.MemorySegment}; before, null. */
  private static Class<?> segmentClass() {
    try {
      LongVector.class.getMethod("fromMemorySegment", VectorSpecies.class, Class.forName("java.lang.foreign.MemorySegment"), long.class, ByteOrder.class);
      return Class.forName("java.lang.foreign.MemorySegment");
    } catch (ClassNotFoundException | NoSuchMethodException e) {
      return null;
    }
  }

  private final Object memory;
  private final long address;
  private final Persistence persistence;

  /** Maps {@code count} blocks of {@code file} from {@code firstOffset}; {@code persistence} writes lines back. */
  VectorBlocks(Path file, long firstOffset, int count, Persistence persistence) {
    if (Block256.BYTES % STEP != 0) {
      throw new IllegalStateException("a " + Block256.BYTES + " B block is not a whole number of " + STEP + " B vectors");
    }
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_WRITE, firstOffset, (long) count * Block256.BYTES);
      this.address = Memory.addressOf(mapped);
      this.memory = (Object) MEMORY.invokeExact((ByteBuffer) mapped);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (Throwable e) {
      throw new IllegalStateException("cannot view the mapped file as the Vector API's memory", e);
    }
    this.persistence = persistence;
  }

  /** Whether this JVM has the Vector API: it runs with {@code --add-modules} {@value #MODULE}. */
  static boolean available() {
    return ModuleLayer.boot().findModule(MODULE).isPresent();
  }

  /** The vectors' size in bytes on this CPU, for the report. */
  static int vectorBytes() {
    return STEP;
  }

  /** The sum of block {@code b}'s 32 words. */
  long sum(int b) {
    int at = b * Block256.BYTES;
    try {
      // STEP is a constant, so C2 keeps one branch. With a loop, C2 carried the vector from one
      // iteration to the next in a box: 23-27 ns a block on Temurin 25 where the 4 loads written
      // out took 18-19 (random reads over 256 MiB).
      return STEP == Block256.BYTES / 4 ? sumOfFour(at) : sumByLoopAt(at);
    } catch (Throwable e) {
      throw rethrow(e);
    }
  }

  /** {@link #sum} as CPUs whose preferred vectors are not 64 B run it; here, for tests. */
  long sumByLoop(int b) {
    try {
      return sumByLoopAt(b * Block256.BYTES);
    } catch (Throwable e) {
      throw rethrow(e);
    }
  }

  private long sumOfFour(int at) throws Throwable {
    LongVector first = (LongVector) LOAD.invokeExact(SPECIES, memory, at, ORDER);
    LongVector second = (LongVector) LOAD.invokeExact(SPECIES, memory, at + STEP, ORDER);
    LongVector third = (LongVector) LOAD.invokeExact(SPECIES, memory, at + 2 * STEP, ORDER);
    LongVector fourth = (LongVector) LOAD.invokeExact(SPECIES, memory, at + 3 * STEP, ORDER);
    return first.add(second).add(third.add(fourth)).reduceLanes(VectorOperators.ADD);
  }

  private long sumByLoopAt(int at) throws Throwable {
    LongVector acc = (LongVector) LOAD.invokeExact(SPECIES, memory, at, ORDER);
    for (int next = STEP; next < Block256.BYTES; next += STEP) {
      acc = acc.add((LongVector) LOAD.invokeExact(SPECIES, memory, at + next, ORDER));
    }
    return acc.reduceLanes(VectorOperators.ADD);
  }

  /** Stores {@code first + w} in word w of block {@code b}, writes back its lines and fences. */
  void write(int b, long first) {
    int at = b * Block256.BYTES;
    LongVector values = LANE_INDEX.add(first);
    try {
      for (int next = 0; next < Block256.BYTES; next += STEP) {
        STORE.invokeExact(values, memory, at + next, ORDER);
        values = values.add(STEP / Long.BYTES);
      }
    } catch (Throwable e) {
      throw rethrow(e);
    }
    for (int line = 0; line < Block256.BYTES; line += Memory.CACHE_LINE) {
      persistence.pwb(address + at + line);
    }
    persistence.pfence();
  }

  private static RuntimeException rethrow(Throwable e) {
    if (e instanceof RuntimeException r) {
      throw r;
    }
    if (e instanceof Error err) {
      throw err;
    }
    throw new IllegalStateException(e);
  }
}
