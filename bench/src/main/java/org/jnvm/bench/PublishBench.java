package org.jnvm.bench;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Publication of a new object that references ten others: a new {@link RefTable} of ten
 * references, stored by {@code Handle.updateRef} into a rooted holder (publish, pfence, store,
 * pwb), after which the table it replaces is freed. The program writes the table back itself, as
 * the low-level interface asks, except in {@link #newChildren}, which leaves all write-backs to
 * publication. The ten are:
 *
 * <ul>
 *   <li>{@link #validChildren}: valid objects whose proxies saw them valid;
 *   <li>{@link #validChildrenUnseen}: the same objects through proxies made from their shapes,
 *       which read no header, so that publication reads each child's header;
 *   <li>{@link #newChildren}: ten new objects, which publication writes back and validates;
 *   <li>{@link #newChildrenByHand}: ten new objects that the program writes back and validates
 *       itself before the table is published (what the low-level interface required before
 *       publication followed references).
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 8, time = 1)
@Fork(1)
@State(Scope.Thread)
public class PublishBench {
  static final int CHILDREN = 10;
  private static final long FIRST = RefTable.LAYOUT.tail().orElseThrow().offset();

  @Param({"clwb"})
  public String publishBackend;

  private Path file;
  private Heap heap;
  private RefTable holder;
  private final BenchNode[] leaves = new BenchNode[CHILDREN];
  private final long[] leafShapes = new long[CHILDREN];
  private RefTable published;
  private BenchNode[] publishedChildren;
  private long value;

  @Setup(Level.Trial)
  public void setUp() {
    BenchEnv.quietLogs();
    file = BenchEnv.newHeapFile(BenchEnv.shmDir(), "publish-" + publishBackend);
    heap = Heap.create(file, HeapConfig.ofSize(64L << 20).persistence(publishBackend));
    RefTable kept = new RefTable(heap, CHILDREN);
    for (int i = 0; i < CHILDREN; i++) {
      leaves[i] = new BenchNode(heap, i);
      leaves[i].pwb();
      leaves[i].validate();
      leafShapes[i] = leaves[i].handle().shape();
      kept.set(i, leaves[i]);
    }
    heap.roots().put("leaves", kept);
    holder = new RefTable(heap, 1);
    heap.roots().put("holder", holder);
    BenchEnv.note("publish." + publishBackend + ".backend", heap.persistence().description());
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    heap.close();
    BenchEnv.delete(file);
  }

  @Benchmark
  public RefTable validChildren() {
    RefTable t = new RefTable(heap, CHILDREN);
    for (int i = 0; i < CHILDREN; i++) {
      t.set(i, leaves[i]);
    }
    t.pwb();
    return publish(t, null);
  }

  @Benchmark
  public RefTable validChildrenUnseen() {
    RefTable t = new RefTable(heap, CHILDREN);
    for (int i = 0; i < CHILDREN; i++) {
      t.set(i, heap.resurrect(leaves[i].handle().offset(), leafShapes[i]));
    }
    t.pwb();
    return publish(t, null);
  }

  @Benchmark
  public RefTable newChildren() {
    RefTable t = new RefTable(heap, CHILDREN);
    BenchNode[] children = new BenchNode[CHILDREN];
    for (int i = 0; i < CHILDREN; i++) {
      children[i] = new BenchNode(heap, ++value);
      t.set(i, children[i]);
    }
    return publish(t, children);
  }

  @Benchmark
  public RefTable newChildrenByHand() {
    RefTable t = new RefTable(heap, CHILDREN);
    BenchNode[] children = new BenchNode[CHILDREN];
    for (int i = 0; i < CHILDREN; i++) {
      children[i] = new BenchNode(heap, ++value);
      children[i].pwb();
      children[i].validate();
      t.set(i, children[i]);
    }
    t.pwb();
    return publish(t, children);
  }

  /** Publishes {@code t} in the holder, then frees the table it replaced and that table's own children. */
  private RefTable publish(RefTable t, BenchNode[] children) {
    holder.handle().updateRef(FIRST, t);
    if (published != null) {
      heap.pfence(); // the new reference is durable before the old objects are invalidated
      heap.free(published);
      if (publishedChildren != null) {
        for (BenchNode c : publishedChildren) {
          heap.free(c);
        }
      }
    }
    published = t;
    publishedChildren = children;
    return t;
  }
}
