package org.jnvm.heap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.jnvm.errors.Errors;
import org.jnvm.heap.format.Geometry;
import org.jnvm.heap.format.SuperBlock;

/** Creating a heap file, and reading an existing one's superblock before anything is mapped. */
final class HeapFile {
  private HeapFile() {}

  /** What opens a heap once its file is ready. */
  interface Opener {
    Heap open(FileChannel channel, Geometry geometry, boolean cleanShutdown);
  }

  /** What opens a heap once a new file is ready. */
  interface Creator {
    Heap open(FileChannel channel, boolean cleanShutdown);
  }

  static Heap create(Path path, Geometry g, Creator then) {
    try {
      FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
      try {
        ByteBuffer page = ByteBuffer.allocate(SuperBlock.SIZE);
        SuperBlock.write(page, g);
        // The superblock goes in last, so a file cut short during creation has no magic and is
        // refused rather than opened half made.
        channel.write(ByteBuffer.allocate(1), g.heapSize() - 1);
        channel.force(true);
        channel.write(page, 0);
        channel.force(true);
        return then.open(channel, true);
      } catch (RuntimeException | IOException e) {
        closeQuietly(channel);
        throw e;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create heap " + path, e);
    }
  }

  static Heap open(Path path, Opener then) {
    FileChannel channel;
    try {
      channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
    } catch (NoSuchFileException e) {
      throw Errors.noHeap(path.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open heap " + path, e);
    }
    try {
      long size = channel.size();
      if (size < SuperBlock.SIZE) {
        throw Errors.corrupt(path.toString(), "the file is only " + size + " bytes long");
      }
      ByteBuffer page = ByteBuffer.allocate(SuperBlock.SIZE);
      while (page.hasRemaining() && channel.read(page, page.position()) > 0) {
        // read the whole page
      }
      Geometry g = SuperBlock.read(page, size, path.toString());
      return then.open(channel, g, page.getLong(SuperBlock.SHUTDOWN_AT) == SuperBlock.CLEAN);
    } catch (IOException e) {
      closeQuietly(channel);
      throw new UncheckedIOException("cannot read heap " + path, e);
    } catch (RuntimeException e) {
      closeQuietly(channel);
      throw e;
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
