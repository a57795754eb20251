package org.jnvm.persist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.jnvm.errors.Errors;

/**
 * Chooses a heap's persistence backend: by name ({@code auto}, {@code clwb}, {@code msync}, {@code
 * none}, {@code patched}), from the heap's options or else the system property {@value #PROPERTY}.
 */
public final class Backends {
  public static final String PROPERTY = "jnvm.persistence";
  public static final String AUTO = "auto";
  public static final List<String> NAMES =
      List.of(AUTO, ClwbPersistence.NAME, MsyncPersistence.NAME, NoPersistence.NAME, PatchedPersistence.NAME);

  private Backends() {}

  /** The backend named in the system property, or {@code auto}. */
  public static String configuredName() {
    return System.getProperty(PROPERTY, AUTO);
  }

  /** A provider for a backend name; unknown names fail here, before any file is touched. */
  public static PersistenceProvider named(String name) {
    String key = name.trim().toLowerCase(Locale.ROOT);
    return switch (key) {
      case AUTO -> Backends::auto;
      case ClwbPersistence.NAME -> file -> ClwbPersistence.create();
      case MsyncPersistence.NAME -> MsyncPersistence::new;
      case NoPersistence.NAME -> file -> new NoPersistence();
      case PatchedPersistence.NAME -> file -> PatchedPersistence.create();
      default -> throw Errors.unknownBackend(name, NAMES);
    };
  }

  /**
   * The sane default for where the file lives: the patched JVM's instructions when present;
   * cache-line write-back on DAX and on tmpfs (the paper's emulated NVMM), where msync would
   * only cost; msync on a file system backed by a disk, the only way to reach the disk there, and
   * on DAX when this JVM cannot write back safely.
   */
  static Persistence auto(MappedFile file) {
    if (PatchedPersistence.available()) {
      return PatchedPersistence.create();
    }
    FileSystemKind kind = FileSystemKind.of(file.path());
    if (ClwbPersistence.available() && kind != FileSystemKind.DISK) {
      return ClwbPersistence.create();
    }
    // On tmpfs nothing survives a power failure anyway; elsewhere msync is the way to durability.
    return kind == FileSystemKind.MEMORY ? new NoPersistence() : new MsyncPersistence(file);
  }

  /** How the file system under a heap keeps data, read from /proc/mounts. */
  enum FileSystemKind {
    MEMORY,
    DAX,
    DISK;

    static FileSystemKind of(Path path) {
      Path real;
      List<String> mounts;
      try {
        real = path.toRealPath();
        mounts = Files.readAllLines(Path.of("/proc/mounts"));
      } catch (IOException | RuntimeException e) {
        return DISK;
      }
      String best = "";
      FileSystemKind kind = DISK;
      for (String line : mounts) {
        String[] f = line.split(" ", -1);
        if (f.length < 4) {
          continue;
        }
        String mountPoint = f[1].replace("\\040", " ");
        if (real.startsWith(mountPoint) && mountPoint.length() >= best.length()) {
          best = mountPoint;
          boolean memory = f[2].equals("tmpfs") || f[2].equals("ramfs");
          boolean dax = List.of(f[3].split(",", -1)).stream().anyMatch(o -> o.equals("dax") || o.startsWith("dax="));
          kind = dax ? DAX : memory ? MEMORY : DISK;
        }
      }
      return kind;
    }
  }
}
