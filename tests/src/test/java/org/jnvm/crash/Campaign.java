package org.jnvm.crash;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Runs scenario families under simulated power failures: counts each variant's fences, crashes it
 * at every point (or a sample), checks every post-crash image for several evictions, and crashes the
 * recovery of one image per point at each of recovery's own fences, then recovers and checks again.
 *
 * <p>Crash point {@code p} of a run with {@code n} fences is the crash at fence {@code p} before it
 * takes effect, for {@code p < n}, or just after the run's last operation, for {@code p == n}. A
 * violation is reported with the key {@code scenario:point:seed}, for a recovery crash {@code
 * scenario:point/rR:seed/seed2}, which {@link #replay} reruns exactly.
 */
public final class Campaign implements AutoCloseable {
  /** How many failing images are kept for inspection. */
  private static final int KEPT_IMAGES = 20;
  private static final int KEPT_DETAILS = 200;

  private final Settings settings;
  private final ExecutorService pool;
  private final ExecutorService planner;
  private final ThreadLocal<Sandbox> sandboxes;
  private final AtomicInteger keptImages = new AtomicInteger();

  /**
   * What a campaign does.
   *
   * @param points scenario crash points to crash at, across all families
   * @param seeds post-crash images per point: evictions none, all, then alternately line and word
   * @param threads workers
   * @param recoveryCrashes whether to crash recovery too
   * @param work where heap files go (tmpfs)
   * @param failures where the images of violations are kept
   */
  public record Settings(int points, int seeds, int threads, boolean recoveryCrashes, Path work, Path failures) {}

  public Campaign(Settings settings) {
    this.settings = settings;
    this.pool = Executors.newFixedThreadPool(settings.threads(), r -> Workers.thread(r, "crash-worker"));
    this.planner = Executors.newSingleThreadExecutor(r -> Workers.thread(r, "crash-planner"));
    AtomicInteger boxes = new AtomicInteger();
    this.sandboxes = ThreadLocal.withInitial(() -> new Sandbox(settings.work().resolve("w" + boxes.incrementAndGet())));
  }

  /** The evictions of the images checked at scenario point {@code point}. */
  List<Eviction> evictions(long point) {
    List<Eviction> e = new ArrayList<>();
    for (int j = 0; j < settings.seeds(); j++) {
      e.add(new Eviction(j < 2 ? j : 2 + point * (settings.seeds() - 2) + (j - 2)));
    }
    return e;
  }

  private static Eviction recoveryEviction(long point, long recoveryPoint) {
    return new Eviction(2 + (point + recoveryPoint) % 6);
  }

  /** Runs the families, sharing {@link Settings#points} among them by weight. */
  public Report run(List<ScenarioFamily> families) {
    long start = System.nanoTime();
    double totalWeight = families.stream().mapToDouble(ScenarioFamily::weight).sum();
    Map<String, Tally> tallies = new LinkedHashMap<>();
    List<Future<?>> work = new ArrayList<>();
    for (ScenarioFamily f : families) {
      Tally tally = new Tally(f.name());
      tallies.put(f.name(), tally);
      long quota = (long) Math.ceil(settings.points() * f.weight() / totalWeight);
      for (int variant = 0; quota > 0; variant++) {
        CrashScenario s = f.variant(variant);
        Crashes.Counted counted;
        try {
          counted = await(planner.submit(() -> Crashes.count(s, sandboxes.get().run)));
        } catch (Crashes.RunFailure e) {
          tally.violation(s.name() + ":-:-", List.of(e.getMessage()));
          break;
        }
        tally.counted(counted);
        long available = counted.fences() + 1;
        int take = (int) Math.min(Math.min(available, f.pointsPerVariant()), quota);
        quota -= take;
        for (long p : choose(available, take, s.name().hashCode())) {
          work.add(pool.submit(() -> point(s, p, counted.fences(), tally)));
        }
      }
    }
    for (Future<?> f : work) {
      await(f);
    }
    return new Report(settings, new ArrayList<>(tallies.values()), System.nanoTime() - start);
  }

  /** {@code take} distinct points out of {@code 0..available-1}, always with the last. */
  static long[] choose(long available, int take, long seed) {
    if (take >= available) {
      long[] all = new long[(int) available];
      for (int i = 0; i < all.length; i++) {
        all[i] = i;
      }
      return all;
    }
    // Floyd's sampling of take - 1 points below the last one, then the last.
    java.util.TreeSet<Long> chosen = new java.util.TreeSet<>();
    SplittableRandom rng = new SplittableRandom(seed);
    long n = available - 1;
    for (long j = n - (take - 1); j < n; j++) {
      long t = rng.nextLong(j + 1);
      chosen.add(chosen.contains(t) ? j : t);
    }
    chosen.add(n);
    return chosen.stream().mapToLong(Long::longValue).toArray();
  }

  private void point(CrashScenario s, long p, long end, Tally tally) {
    Sandbox box = sandboxes.get();
    List<Eviction> evictions = evictions(p);
    Crashes.Crashed crashed;
    try {
      crashed = Crashes.crash(s, p, end, evictions, box.run);
    } catch (Crashes.RunFailure e) {
      tally.violation(s.name() + ":" + p + ":-", List.of(e.getMessage()));
      return;
    }
    tally.scenarioPoint();
    List<Crashes.Checked> checked = new ArrayList<>();
    for (int j = 0; j < evictions.size(); j++) {
      Crashes.Checked c = Crashes.check(crashed.images().get(j), crashed.run(), box.image);
      checked.add(c);
      tally.image(c.recoveryStats());
      report(tally, s.name() + ":" + p + ":" + evictions.get(j).seed(), c, crashed.images().get(j));
    }
    if (!settings.recoveryCrashes()) {
      return;
    }
    int j = (int) (p % evictions.size());
    Crashes.Checked base = checked.get(j);
    if (!base.opened()) {
      return;
    }
    for (long r = 0; r <= base.recoveryFences(); r++) {
      Eviction e = recoveryEviction(p, r);
      String key = s.name() + ":" + p + "/r" + r + ":" + evictions.get(j).seed() + "/" + e.seed();
      byte[] image;
      try {
        image = Crashes.crashRecovery(crashed.images().get(j), r, base.recoveryFences(), e, box.recovery);
      } catch (RuntimeException failure) {
        tally.violation(key, List.of("crashing recovery failed: " + failure));
        continue;
      }
      tally.recoveryPoint();
      if (Arrays.equals(image, crashed.images().get(j))) {
        // The crash came before recovery changed anything (its first fence marks the heap in use,
        // which a crashed heap already is): this is the image checked above.
        continue;
      }
      Crashes.Checked again = Crashes.check(image, crashed.run(), box.image);
      tally.image(again.recoveryStats());
      if (base.violations().isEmpty() && again.opened() && again.fingerprint() != base.fingerprint()) {
        again.violations().fail("recovering again after a crash in recovery leaves another state than recovering once");
      }
      report(tally, key, again, image);
    }
  }

  private void report(Tally tally, String key, Crashes.Checked c, byte[] image) {
    if (c.violations().isEmpty()) {
      return;
    }
    tally.violation(key, c.violations().messages());
    if (keptImages.incrementAndGet() <= KEPT_IMAGES) {
      try {
        Files.createDirectories(settings.failures());
        Files.write(settings.failures().resolve(key.replace(':', '_').replace('/', '+') + ".heap"), image);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * Reruns one key exactly, as printed with a violation: {@code scenario:point:seed}, or {@code
   * scenario:point/rR:seed/seed2} for a crash in recovery. Returns the violations found.
   */
  public List<String> replay(String key, Function<String, CrashScenario> scenarios) {
    String[] parts = key.split(":", -1);
    if (parts.length != 3) {
      throw new IllegalArgumentException("a replay key is scenario:point:seed, not " + key);
    }
    CrashScenario s = scenarios.apply(parts[0]);
    String[] point = parts[1].split("/r", -1);
    String[] seed = parts[2].split("/", -1);
    long p = Long.parseLong(point[0]);
    Eviction eviction = new Eviction(Long.parseLong(seed[0]));
    return await(pool.submit(() -> {
      Sandbox box = sandboxes.get();
      Crashes.Counted counted = Crashes.count(s, box.run);
      Crashes.Crashed crashed = Crashes.crash(s, p, counted.fences(), List.of(eviction), box.run);
      byte[] image = crashed.images().get(0);
      Crashes.Checked c = Crashes.check(image, crashed.run(), box.image);
      List<String> found = new ArrayList<>(c.violations().messages());
      if (point.length == 2) {
        long r = Long.parseLong(point[1]);
        byte[] again = Crashes.crashRecovery(image, r, c.recoveryFences(), new Eviction(Long.parseLong(seed[1])), box.recovery);
        Crashes.Checked c2 = Crashes.check(again, crashed.run(), box.image);
        found = new ArrayList<>(c2.violations().messages());
        if (c.violations().isEmpty() && c2.opened() && c2.fingerprint() != c.fingerprint()) {
          found.add("recovering again after a crash in recovery leaves another state than recovering once");
        }
        image = again;
      }
      Files.createDirectories(settings.failures());
      Files.write(settings.failures().resolve("replay.heap"), image);
      return found;
    }));
  }

  private static <T> T await(Future<T> f) {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  @Override
  public void close() {
    pool.shutdownNow();
    planner.shutdownNow();
  }

  /** A worker's heap files. */
  private static final class Sandbox {
    final Path run;
    final Path image;
    final Path recovery;

    Sandbox(Path dir) {
      try {
        Files.createDirectories(dir);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      run = dir.resolve("run.heap");
      image = dir.resolve("image.heap");
      recovery = dir.resolve("recovery.heap");
    }
  }

  /** One family's counts; updated by several workers. */
  static final class Tally {
    final String family;
    long variants;
    long available;
    long scenarioPoints;
    long recoveryPoints;
    long images;
    long operations;
    long violations;
    final FlushStats scenarioStats = new FlushStats();
    final FlushStats recoveryStats = new FlushStats();
    final List<String> details = new ArrayList<>();

    Tally(String family) {
      this.family = family;
    }

    synchronized void counted(Crashes.Counted c) {
      variants++;
      available += c.fences() + 1;
      operations += c.operations();
      scenarioStats.add(c.stats());
    }

    synchronized void scenarioPoint() {
      scenarioPoints++;
    }

    synchronized void recoveryPoint() {
      recoveryPoints++;
    }

    synchronized void image(FlushStats recovery) {
      images++;
      recoveryStats.add(recovery);
    }

    synchronized void violation(String key, List<String> messages) {
      violations++;
      if (details.size() < KEPT_DETAILS) {
        details.add("replay with -Dcrash.replay=" + key + "\n    " + String.join("\n    ", messages));
      }
    }
  }
}
