package org.jnvm.heap;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jnvm.errors.Errors;

/**
 * The ownership of an open heap file, so that a heap has one user at a time: an entry in this
 * JVM's table of open heap files, then an exclusive lock on the whole file against other
 * processes, both held until {@link #release()}. The OS drops the lock when the process ends,
 * however it ends.
 *
 * <p>The table is keyed by the file's identity (device and inode where the OS has them), so that
 * a hard link or a symlink is the same file, and it is checked before the file is opened: on POSIX
 * systems, closing any descriptor of a file drops every lock the process holds on it, so a refused
 * open in this JVM must not open the file at all.
 */
final class HeapLock {
  private static final ConcurrentHashMap<Object, HeapLock> OPEN = new ConcurrentHashMap<>();

  private final Object key;
  private FileChannel channel;

  private HeapLock(Object key) {
    this.key = key;
  }

  /** Owns a new file, created here; fails if the file exists, as in use if this JVM has it open. */
  static HeapLock create(Path path) throws IOException {
    if (Files.exists(path) && OPEN.containsKey(identity(path))) {
      throw Errors.heapInUse(path.toString(), ProcessHandle.current().pid());
    }
    FileChannel created = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
    try {
      return acquire(path, created);
    } catch (IOException | RuntimeException e) {
      HeapFile.closeQuietly(created);
      throw e;
    }
  }

  /** Owns an existing file, or throws {@link org.jnvm.errors.HeapInUseException} if it is open already. */
  static HeapLock open(Path path) throws IOException {
    return acquire(path, null);
  }

  private static HeapLock acquire(Path path, FileChannel created) throws IOException {
    HeapLock lock = new HeapLock(identity(path));
    if (OPEN.putIfAbsent(lock.key, lock) != null) {
      throw Errors.heapInUse(path.toString(), ProcessHandle.current().pid());
    }
    FileChannel channel = created;
    try {
      if (channel == null) {
        channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
      }
      FileLock held;
      try {
        held = channel.tryLock();
      } catch (OverlappingFileLockException e) {
        // Some other code of this JVM locked the file through a channel of its own.
        throw Errors.heapInUse(path.toString(), ProcessHandle.current().pid());
      }
      if (held == null) {
        throw Errors.heapInUse(path.toString(), holderOf(path));
      }
      lock.channel = channel;
      return lock;
    } catch (IOException | RuntimeException e) {
      if (channel != null && channel != created) {
        HeapFile.closeQuietly(channel);
      }
      OPEN.remove(lock.key, lock);
      throw e;
    }
  }

  /** What makes two paths the same file: its file key (device and inode on Unix), else its real path. */
  private static Object identity(Path path) throws IOException {
    Object key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
    return key != null ? key : path.toRealPath();
  }

  /**
   * The pid of the process that holds a lock on the file, from Linux's /proc/locks, whose lines
   * read {@code 1: POSIX  ADVISORY  WRITE 4242 00:2f:1234 0 EOF} (pid, then major:minor in hex and
   * inode); -1 where that is not known.
   */
  static long holderOf(Path path) {
    try {
      Map<String, Object> a = Files.readAttributes(path, "unix:dev,ino");
      long dev = (Long) a.get("dev");
      long inode = (Long) a.get("ino");
      // glibc's gnu_dev_major and gnu_dev_minor
      long major = ((dev & 0xfff00L) >>> 8) | ((dev & 0xfffff00000000000L) >>> 32);
      long minor = (dev & 0xffL) | ((dev & 0xffffff00000L) >>> 12);
      for (String line : Files.readAllLines(Path.of("/proc/locks"))) {
        String[] f = line.trim().split("\\s+");
        if (f.length < 6 || f[1].equals("->")) {
          continue; // a waiter's line, not a holder's
        }
        String[] id = f[5].split(":");
        if (id.length == 3 && Long.parseLong(id[0], 16) == major && Long.parseLong(id[1], 16) == minor && Long.parseLong(id[2]) == inode) {
          return Long.parseLong(f[4]);
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or /proc is not mounted: the holder stays unnamed
    }
    return -1;
  }

  FileChannel channel() {
    return channel;
  }

  /** Closes the file, which drops the OS lock, then lets this JVM open it again. */
  void release() {
    HeapFile.closeQuietly(channel);
    OPEN.remove(key, this);
  }
}
