package org.jnvm.crash;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.jnvm.PObject;
import org.jnvm.crash.objects.SelfChecking;
import org.jnvm.heap.Handle;
import org.jnvm.heap.Heap;
import org.jnvm.heap.format.BlockHeader;
import org.jnvm.heap.format.Geometry;
import org.jnvm.heap.format.SuperBlock;
import org.jnvm.heap.registry.ClassRegistry;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.jnvm.recovery.RecoveryReport;

/**
 * The checks every post-crash image must pass, whatever the scenario:
 *
 * <ul>
 *   <li>before it is opened: the superblock parses, and nothing at or past the persistent bump mark
 *       was ever written (no header, no data), which is what lets the allocator hand those blocks
 *       out without clearing them;
 *   <li>once opened (so recovered, which parses the registry and replays the logs): every root
 *       (the named ones and the redo-log directory) and every reference from a reachable object
 *       resurrects (no dangling reference), every reachable object
 *       is valid and, for the test objects, has exactly the contents its id says;
 *   <li>no leak: the reachable objects are exactly the recovery's live objects and blocks, live and
 *       freed blocks make up every block below the bump pointer, and no block outside a reachable
 *       object keeps a header.
 * </ul>
 */
final class HeapChecker {
  private HeapChecker() {}

  /** Checks a post-crash image before it is opened. */
  static void checkImage(byte[] image, Violations v) {
    Geometry g;
    try {
      g = SuperBlock.read(ByteBuffer.wrap(image, 0, SuperBlock.SIZE).slice(), image.length, "post-crash image");
    } catch (RuntimeException e) {
      v.fail("the superblock does not parse: " + e.getMessage());
      return;
    }
    ByteBuffer b = ByteBuffer.wrap(image).order(ByteOrder.LITTLE_ENDIAN);
    long bump = b.getLong(SuperBlock.BUMP_AT);
    if (bump < g.firstDataBlock() || bump > g.blockCount()) {
      v.fail("the bump mark " + bump + " is outside the data blocks " + g.firstDataBlock() + ".." + g.blockCount());
      return;
    }
    for (long block = bump; block < g.blockCount(); block++) {
      long h = b.getLong((int) g.headerOffset(block));
      if (h != 0) {
        v.fail("block " + block + " is at or past the durable bump mark " + bump + " but has header " + Long.toHexString(h));
        return;
      }
    }
    for (long at = g.blockOffset(bump); at < g.heapSize(); at += 8) {
      if (b.getLong((int) at) != 0) {
        v.fail("offset " + at + " in block " + (at >>> g.blockShift()) + " is at or past the durable bump mark " + bump + " but holds data");
        return;
      }
    }
  }

  /** Checks an opened heap; returns what the scenario's check needs. */
  static Recovered inspect(Heap heap, SimulatedPersistence backend, Violations v) {
    Geometry g = heap.geometry();
    ByteBuffer image = ByteBuffer.wrap(backend.readWorking()).order(ByteOrder.LITTLE_ENDIAN);
    Walk walk = new Walk(heap, g, image, v);
    TreeMap<String, Long> roots = new TreeMap<>();
    for (String name : heap.roots().names()) {
      PObject o;
      try {
        o = heap.roots().get(name);
      } catch (RuntimeException e) {
        v.fail("root '" + name + "' does not resurrect: " + e);
        continue;
      }
      if (o == null) {
        v.fail("root '" + name + "' is listed but holds null");
        continue;
      }
      roots.put(name, o.handle().offset());
      walk.reach(o);
    }
    long logs = image.getLong(SuperBlock.LOG_DIRECTORY_AT);
    if (logs != 0) {
      // The redo-log directory is the one root outside the root table.
      try {
        walk.reach(heap.resurrect(logs));
        roots.put("", logs);
      } catch (RuntimeException e) {
        v.fail("the redo-log directory at offset " + logs + " does not resurrect: " + e);
      }
    }
    walk.run();

    RecoveryReport r = heap.recoveryReport();
    long first = g.firstDataBlock();
    long bump = heap.bumpPointer();
    v.check(r.liveObjects() == walk.objects.size(), "recovery kept " + r.liveObjects() + " objects but " + walk.objects.size() + " are reachable");
    v.check(r.liveBlocks() == walk.blocks.cardinality(), "recovery kept " + r.liveBlocks() + " blocks but reachable objects hold " + walk.blocks.cardinality());
    v.check(
        r.liveBlocks() + r.freedBlocks() == bump - first,
        "leak: " + r.liveBlocks() + " live + " + r.freedBlocks() + " freed blocks, but " + (bump - first) + " blocks lie below the bump pointer");
    for (long block = first; block < g.blockCount(); block++) {
      long h = image.getLong((int) g.headerOffset(block));
      if (h != 0 && !walk.blocks.get((int) block)) {
        ClassRegistry.Entry e = BlockHeader.isMaster(h) ? heap.registry().entry(BlockHeader.classId(h)) : null;
        v.fail("block " + block + " belongs to no reachable object but keeps header " + Long.toHexString(h) + (e == null ? "" : " (" + e.name() + ")"));
        break;
      }
    }
    return new Recovered(heap, walk.objects, fingerprint(roots, walk, g, image));
  }

  private static long fingerprint(Map<String, Long> roots, Walk walk, Geometry g, ByteBuffer image) {
    long h = 0x243f_6a88_85a3_08d3L;
    for (Map.Entry<String, Long> e : roots.entrySet()) {
      h = mix(h, e.getKey().hashCode());
      h = mix(h, e.getValue());
    }
    for (int block = walk.blocks.nextSetBit(0); block >= 0; block = walk.blocks.nextSetBit(block + 1)) {
      h = mix(h, block);
      h = mix(h, image.getLong((int) g.headerOffset(block)));
      long start = g.blockOffset(block);
      for (long at = start; at < start + g.blockSize(); at += 8) {
        h = mix(h, image.getLong((int) at));
      }
    }
    return h;
  }

  private static long mix(long h, long x) {
    long z = (h ^ x) * 0x9e37_79b9_7f4a_7c15L;
    return z ^ (z >>> 29);
  }

  /** The traversal from the roots, through proxies and the layouts of the class registry. */
  private static final class Walk {
    final Heap heap;
    final Geometry g;
    final ByteBuffer image;
    final Violations v;
    final Map<Long, PObject> objects = new LinkedHashMap<>();
    final BitSet blocks = new BitSet();
    final ArrayDeque<PObject> work = new ArrayDeque<>();

    Walk(Heap heap, Geometry g, ByteBuffer image, Violations v) {
      this.heap = heap;
      this.g = g;
      this.image = image;
      this.v = v;
    }

    void reach(PObject o) {
      Handle h = o.handle();
      if (objects.putIfAbsent(h.offset(), o) != null) {
        return;
      }
      if ((h.offset() & g.blockMask()) != 0) {
        // A slot of a pool block, which other pooled objects share: the block counts once.
        blocks.set((int) (h.offset() >>> g.blockShift()));
        work.add(o);
        return;
      }
      int count = 0;
      for (long b = h.offset() >>> g.blockShift(); b != 0 && count <= h.blockCount(); count++) {
        if (blocks.get((int) b)) {
          v.fail("block " + b + " of the object at offset " + h.offset() + " belongs to another reachable object");
        }
        blocks.set((int) b);
        b = BlockHeader.next(image.getLong((int) g.headerOffset(b)));
      }
      v.check(count == h.blockCount(), "the object at offset " + h.offset() + " has " + count + " blocks in its chain, its proxy " + h.blockCount());
      work.add(o);
    }

    void run() {
      while (!work.isEmpty()) {
        scan(work.poll());
      }
    }

    private void scan(PObject o) {
      Handle h = o.handle();
      if (!h.isValid()) {
        v.fail("the reachable object at offset " + h.offset() + " is invalid");
      }
      if (o instanceof SelfChecking s) {
        String d = s.defect();
        if (d != null) {
          v.fail("the object at offset " + h.offset() + ": " + d);
        }
      }
      Layout layout = heap.registry().entry(h.classId()).layout();
      for (int i = 0; i < layout.refCount(); i++) {
        follow(h, layout.refOffset(i));
      }
      Layout.Tail tail = layout.tail().orElse(null);
      if (tail != null && tail.kind() == FieldKind.REF) {
        Layout.Field lengthField = layout.field(tail.lengthField()).orElseThrow();
        long length = lengthField.kind() == FieldKind.INT ? h.getInt(lengthField.offset()) : h.getLong(lengthField.offset());
        for (long i = 0; i < length; i++) {
          follow(h, tail.offset() + 8 * i);
        }
      }
    }

    private void follow(Handle from, long field) {
      long ref = from.getRefOffset(field);
      if (ref == 0 || objects.containsKey(ref)) {
        return;
      }
      PObject target;
      try {
        target = heap.resurrect(ref);
      } catch (RuntimeException e) {
        v.fail("dangling reference at offset " + from.offset() + "+" + field + " to " + ref + ": " + e.getMessage());
        return;
      }
      reach(target);
    }
  }
}
