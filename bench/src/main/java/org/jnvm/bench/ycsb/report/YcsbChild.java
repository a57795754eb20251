package org.jnvm.bench.ycsb.report;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.jnvm.bench.ycsb.YcsbBinding;
import org.jnvm.bench.ycsb.store.StoreBinding;
import site.ycsb.Client;
import site.ycsb.ClientThread;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * One child JVM of the YCSB report: opens one binding's store, loads it with YCSB's
 * {@code CoreWorkload}, then runs workloads on it one after another with YCSB's {@code ClientThread}s,
 * one thread per client thread, and prints a line per workload:
 * {@code result THREADS WORKLOAD OPS SECONDS P50_US P99_US FAILED GC_PAUSE_S CLIENT_CPU_S STEAL
 * HISTOGRAM}: where the time went besides the store ({@link ChildTime}), then the latencies of
 * every operation ({@link Latencies}). It loads once, with the most
 * threads, then runs the workloads with each thread count in turn.
 *
 * <p>The store opens before any clock starts (the bindings open it in {@code setProperties}), and
 * this JVM holds a binding of its own throughout, so that the store stays open while each
 * workload's client threads come and go. The clock of a workload runs from starting its threads
 * to the last one's end, as YCSB's client measures it, including each thread's {@code init()}.
 *
 * <p>Usage: {@code YcsbChild BINDING THREADS,... WORKLOAD_DIR STORE_DIR LETTERS MAX_SECONDS
 * [NAME=VALUE...]}, where LETTERS names the workload files ({@code abcfd}), a workload stops after
 * its {@code operationcount} operations or MAX_SECONDS, whichever comes first, and each NAME=VALUE
 * is a YCSB property ({@code recordcount}, {@code operationcount}, {@code jnvm.map}...).
 */
public final class YcsbChild {
  /**
   * Each measured run follows an unmeasured one of a fifth of its operations and time, so that the
   * JIT has compiled the workload's paths.
   */
  private static final int WARM_UP_SHARE = 5;

  /** Held strongly: java.util.logging forgets the level of a logger nobody references. */
  private static final Logger JNVM_LOGGER = Logger.getLogger("org.jnvm");

  private YcsbChild() {}

  public static void main(String[] args) throws Exception {
    JNVM_LOGGER.setLevel(Level.WARNING);
    YcsbBinding binding = YcsbBinding.ofId(args[0]);
    int[] threadCounts = Stream.of(args[1].split(",", -1)).mapToInt(Integer::parseInt).toArray();
    Path workloads = Path.of(args[2]);
    Properties overrides = new Properties();
    overrides.setProperty(StoreBinding.STORE_DIR_PROPERTY, args[3]);
    String letters = args[4];
    double maxSeconds = Double.parseDouble(args[5]);
    for (int i = 6; i < args.length; i++) {
      int eq = args[i].indexOf('=');
      overrides.setProperty(args[i].substring(0, eq), args[i].substring(eq + 1));
    }
    Properties load = properties(workloads, letters.charAt(0), overrides);
    // CoreWorkload and ClientThread use YCSB's measurements, though nothing here reports them.
    Measurements.setProperties(load);
    DB keeper = newBinding(binding, sizedForAll(load, workloads, letters, overrides));
    long started = System.nanoTime();
    bulkLoad(keeper, true);
    Measured loaded = run(binding, load, threadCounts[threadCounts.length - 1], false, Double.POSITIVE_INFINITY);
    bulkLoad(keeper, false);
    System.out.printf(Locale.ROOT, "loaded %d records in %.1f s%n", loaded.ops, (System.nanoTime() - started) / 1e9);
    for (int threads : threadCounts) {
      for (int at = 0; at < letters.length(); at++) {
        char letter = letters.charAt(at);
        Properties properties = properties(workloads, letter, overrides);
        Properties warmUp = new Properties();
        warmUp.putAll(properties);
        warmUp.setProperty(Client.OPERATION_COUNT_PROPERTY, Long.toString(Long.parseLong(properties.getProperty(Client.OPERATION_COUNT_PROPERTY)) / WARM_UP_SHARE));
        run(binding, warmUp, threads, true, maxSeconds / WARM_UP_SHARE);
        Measured m = run(binding, properties, threads, true, maxSeconds);
        System.out.printf(Locale.ROOT, "result %d %c %d %.6f %.3f %.3f %d %s %s%n", threads, letter, m.ops, m.seconds, m.latencies.getValueAtPercentile(50) / 1e3,
            m.latencies.getValueAtPercentile(99) / 1e3, m.failures, m.time.encode(), Latencies.encode(m.latencies));
      }
    }
    keeper.cleanup();
    System.exit(0);
  }

  private static void bulkLoad(DB keeper, boolean on) {
    if (keeper instanceof StoreBinding store) {
      store.bulkLoad(on);
    }
  }

  /** The workload file's properties under {@code overrides}. */
  private static Properties properties(Path workloads, char letter, Properties overrides) throws IOException {
    Properties properties = new Properties();
    try (Reader in = Files.newBufferedReader(workloads.resolve("workload" + letter), StandardCharsets.UTF_8)) {
      properties.load(in);
    }
    properties.putAll(overrides);
    return properties;
  }

  /**
   * {@code load} with the largest insert share of the workloads to run, which stores that fix their
   * capacity when created (Chronicle Map) size themselves by.
   */
  private static Properties sizedForAll(Properties load, Path workloads, String letters, Properties overrides) throws IOException {
    double inserts = 0;
    for (int at = 0; at < letters.length(); at++) {
      char letter = letters.charAt(at);
      Properties p = properties(workloads, letter, overrides);
      inserts = Math.max(inserts, Double.parseDouble(p.getProperty(CoreWorkload.INSERT_PROPORTION_PROPERTY, CoreWorkload.INSERT_PROPORTION_PROPERTY_DEFAULT)));
    }
    Properties sized = new Properties();
    sized.putAll(load);
    sized.setProperty(CoreWorkload.INSERT_PROPORTION_PROPERTY, Double.toString(inserts));
    return sized;
  }

  private static DB newBinding(YcsbBinding binding, Properties properties) throws ReflectiveOperationException {
    DB db = binding.type().getDeclaredConstructor().newInstance();
    db.setProperties(properties);
    return db;
  }

  private record Measured(long ops, double seconds, Histogram latencies, long failures, ChildTime time) {}

  /** Runs the load ({@code transactions} false) or the workload's operations on {@code threads} client threads. */
  private static Measured run(YcsbBinding binding, Properties properties, int threads, boolean transactions, double maxSeconds) throws Exception {
    CoreWorkload workload = new CoreWorkload();
    workload.init(properties);
    String countProperty = transactions ? Client.OPERATION_COUNT_PROPERTY : Client.RECORD_COUNT_PROPERTY;
    long total = Long.parseLong(properties.getProperty(countProperty));
    CountDownLatch done = new CountDownLatch(threads);
    List<ClientThread> clients = new ArrayList<>();
    List<TimedDB> dbs = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      TimedDB db = new TimedDB(newBinding(binding, properties));
      int share = (int) (total / threads + (t < total % threads ? 1 : 0));
      ClientThread client = new ClientThread(db, transactions, workload, properties, share, 0, done);
      client.setThreadId(t);
      client.setThreadCount(threads);
      clients.add(client);
      dbs.add(db);
    }
    List<Thread> running = new ArrayList<>();
    ChildTime.Counters before = ChildTime.Counters.now();
    long start = System.nanoTime();
    for (ClientThread client : clients) {
      Thread thread = new Thread(client, "ycsb-client-" + running.size());
      thread.start();
      running.add(thread);
    }
    // As YCSB's own time limit does: the client threads stop at their next operation.
    if (!done.await((long) Math.min(Long.MAX_VALUE, maxSeconds * 1e9), TimeUnit.NANOSECONDS)) {
      workload.requestStop();
      done.await();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    ChildTime.Counters after = ChildTime.Counters.now();
    for (Thread thread : running) {
      thread.join();
    }
    workload.cleanup();
    long ops = clients.stream().mapToLong(ClientThread::getOpsDone).sum();
    Histogram all = dbs.get(0).latencies.copy();
    dbs.stream().skip(1).forEach(db -> all.add(db.latencies));
    long failures = dbs.stream().mapToLong(db -> db.failures).sum();
    if (ops == 0 || (!transactions && ops != total)) {
      throw new DBException(binding.id() + ": " + ops + " of " + total + " operations done (did a thread fail to start?)");
    }
    double clientCpu = dbs.stream().mapToDouble(db -> db.cpuSeconds).sum();
    return new Measured(ops, seconds, all, failures, before.until(after, clientCpu));
  }
}
