package org.jnvm.heap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Supplier;
import org.jnvm.errors.Errors;
import org.jnvm.heap.format.Geometry;
import org.jnvm.heap.format.SuperBlock;

/**
 * Creating a heap file, and reading an existing one's superblock before anything is mapped. Both
 * own the file ({@link HeapLock}) before they read or write it, and give it up if the open fails.
 */
final class HeapFile {
  private HeapFile() {}

  /** What opens a heap once its file is ready. */
  interface Opener {
    Heap open(HeapLock lock, Geometry geometry, boolean cleanShutdown);
  }

  /** What opens a heap once a new file is ready. */
  interface Creator {
    Heap open(HeapLock lock, boolean cleanShutdown);
  }

  static Heap create(Path path, Geometry g, Creator then) {
    HeapLock lock;
    try {
      lock = HeapLock.create(path);
    } catch (IOException e) {
      throw Errors.cannotCreate(path.toString(), e);
    }
    return releasedUnlessOpened(lock, () -> {
      try {
        FileChannel channel = lock.channel();
        ByteBuffer page = ByteBuffer.allocate(SuperBlock.SIZE);
        SuperBlock.write(page, g);
        // The superblock goes in last, so a file cut short during creation has no magic and is
        // refused rather than opened half made.
        channel.write(ByteBuffer.allocate(1), g.heapSize() - 1);
        channel.force(true);
        channel.write(page, 0);
        channel.force(true);
      } catch (IOException e) {
        throw Errors.cannotCreate(path.toString(), e);
      }
      return then.open(lock, true);
    });
  }

  static Heap open(Path path, Opener then) {
    HeapLock lock;
    try {
      lock = HeapLock.open(path);
    } catch (NoSuchFileException e) {
      throw Errors.noHeap(path.toString());
    } catch (IOException e) {
      throw Errors.cannotOpen(path.toString(), e);
    }
    return releasedUnlessOpened(lock, () -> {
      ByteBuffer page = ByteBuffer.allocate(SuperBlock.SIZE);
      long size;
      try {
        FileChannel channel = lock.channel();
        size = channel.size();
        if (size < SuperBlock.SIZE) {
          throw Errors.corrupt(path.toString(), "the file is only " + size + " bytes long");
        }
        while (page.hasRemaining() && channel.read(page, page.position()) > 0) {
          // read the whole page
        }
      } catch (IOException e) {
        throw Errors.cannotRead(path.toString(), e);
      }
      Geometry g = SuperBlock.read(page, size, path.toString());
      return then.open(lock, g, page.getLong(SuperBlock.SHUTDOWN_AT) == SuperBlock.CLEAN);
    });
  }

  /**
   * Opens the heap, giving the file up if that throws anything at all: an Error thrown out of
   * recovery (a stack overflow, say) must not keep the file locked for the rest of the JVM's life.
   */
  private static Heap releasedUnlessOpened(HeapLock lock, Supplier<Heap> open) {
    boolean opened = false;
    try {
      Heap heap = open.get();
      opened = true;
      return heap;
    } finally {
      if (!opened) {
        lock.release();
      }
    }
  }

  static void closeQuietly(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException ignored) {
      // nothing more to do with a channel that will not close
    }
  }
}
