package io.vaultstream.bench;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.keymap.JdbcKeyMapReader;
import io.vaultstream.keymap.KeyMapReader;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.BatchPlanner;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The embedded benchmark's planning figures ({@code --sink=planner}): the memory allocated and the
 * CPU time spent per event by the engine's planner ({@code BatchPlanner.plan}) on the thread that
 * plans, read from the JVM's per-thread counters, split into the key map reads (JDBC) and the
 * planning in memory. The shop events are generated and decoded before measuring; each batch is
 * planned (measured), then loaded through {@code VaultLoader} so that the next batches find their
 * rows in the key map, as a running loader does; that load, which runs on the same thread (it plans
 * the batch again, computes the hash diffs and writes), is measured apart. A warm-up load on a
 * schema of its own lets the JIT compile first; each measured run starts on an empty schema with
 * the same events.
 */
final class PlanningRun {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  /** Allocated bytes and CPU nanoseconds of this thread, summed over measured calls. */
  private static final class Spent {
    long bytes;
    long cpu;

    <T> T measure(java.util.function.Supplier<T> call) {
      long b = THREADS.getCurrentThreadAllocatedBytes();
      long c = THREADS.getCurrentThreadCpuTime();
      T out = call.get();
      cpu += THREADS.getCurrentThreadCpuTime() - c;
      bytes += THREADS.getCurrentThreadAllocatedBytes() - b;
      return out;
    }
  }

  /** One run's figures per event. */
  private record Figures(
      double bytes,
      double cpuMicros,
      double inMemoryBytes,
      double inMemoryCpu,
      double loadBytes,
      double loadCpu) {}

  private PlanningRun() {}

  static void run(String url, Map<String, String> opt) throws Exception {
    int events = Integer.parseInt(opt.getOrDefault("events", "50000"));
    int batch = Integer.parseInt(opt.getOrDefault("batch-size", "5000"));
    int runs = Integer.parseInt(opt.getOrDefault("runs", "5"));
    int warmup = Integer.parseInt(opt.getOrDefault("warmup-events", String.valueOf(events)));
    VaultModel model =
        ModelLoader.parse(Files.readString(ConnectBenchmark.model()), "examples/shop/model.json");
    if (!THREADS.isThreadAllocatedMemorySupported() || !THREADS.isThreadCpuTimeSupported()) {
      throw new IllegalStateException("this JVM does not count a thread's allocations or CPU time");
    }
    THREADS.setThreadAllocatedMemoryEnabled(true);
    THREADS.setThreadCpuTimeEnabled(true);
    if (warmup > 0) {
      Figures w = load(url, model, "bench_plan_warmup", 7, warmup, batch);
      System.out.printf(
          "Warm-up: %,d events planned (%,.0f bytes, %.1f µs per event, a fresh JVM)%n",
          warmup, w.bytes(), w.cpuMicros());
    }
    List<Figures> all = new ArrayList<>();
    for (int r = 1; r <= runs; r++) {
      Figures f = load(url, model, "bench_plan", 1, events, batch);
      all.add(f);
      System.out.printf(
          "Run %d: %,d events in batches of %,d: planning %,.0f bytes allocated and %.1f µs of CPU"
              + " per event, of which in memory %,.0f bytes and %.1f µs (the rest: key map reads)%n",
          r, events, batch, f.bytes(), f.cpuMicros(), f.inMemoryBytes(), f.inMemoryCpu());
      System.out.printf(
          "       the whole load on this thread (VaultLoader.load: planning again, hash diffs,"
              + " writing): %,.0f bytes and %.1f µs per event%n",
          f.loadBytes(), f.loadCpu());
    }
    printMedians(all);
  }

  /** Each figure's median and range over the runs. */
  private static void printMedians(List<Figures> all) {
    print(
        "planning, bytes allocated per event", all.stream().map(Figures::bytes).toList(), "%,.0f");
    print("planning, CPU µs per event", all.stream().map(Figures::cpuMicros).toList(), "%.1f");
    print(
        "  in memory, bytes per event", all.stream().map(Figures::inMemoryBytes).toList(), "%,.0f");
    print("  in memory, CPU µs per event", all.stream().map(Figures::inMemoryCpu).toList(), "%.1f");
    print("whole load, bytes per event", all.stream().map(Figures::loadBytes).toList(), "%,.0f");
    print("whole load, CPU µs per event", all.stream().map(Figures::loadCpu).toList(), "%.1f");
  }

  private static void print(String what, List<Double> values, String format) {
    List<Double> sorted = values.stream().sorted().toList();
    double median =
        sorted.size() % 2 == 1
            ? sorted.get(sorted.size() / 2)
            : (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2;
    System.out.printf(
        "%-38s median " + format + "  range " + format + " - " + format + "  (%d runs)%n",
        what,
        median,
        sorted.get(0),
        sorted.get(sorted.size() - 1),
        sorted.size());
  }

  /**
   * Plans and loads (each measured apart) {@code n} events of the generator with this seed into an
   * empty schema; returns the planning's figures per event.
   */
  private static Figures load(
      String url, VaultModel model, String schema, long seed, int n, int batch) throws Exception {
    try (Connection db = DriverManager.getConnection(url);
        Statement st = db.createStatement()) {
      st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    }
    VaultOptions options =
        VaultOptions.builder().jdbcUrl(url).targetSchema(schema).poolMaxSize(2).build();
    Spent planning = new Spent();
    Spent reads = new Spent();
    Spent loading = new Spent();
    try (VaultLoader loader = VaultLoader.open(model, options);
        Connection c = DriverManager.getConnection(url)) {
      List<List<ChangeEvent>> batches = decoded(loader, seed, n, batch);
      System.gc();
      BatchPlanner planner = new BatchPlanner(model, new HashKeyCalculator(model.hashing()));
      KeyMapReader jdbc = new JdbcKeyMapReader(c, loader.dialect(), schema);
      KeyMapReader measured = (source, pks) -> reads.measure(() -> jdbc.read(source, pks));
      for (List<ChangeEvent> events : batches) {
        planning.measure(() -> planner.plan(events, measured));
        loading.measure(() -> load(loader, events));
      }
    }
    return new Figures(
        (double) planning.bytes / n,
        planning.cpu / 1e3 / n,
        (double) (planning.bytes - reads.bytes) / n,
        (planning.cpu - reads.cpu) / 1e3 / n,
        (double) loading.bytes / n,
        loading.cpu / 1e3 / n);
  }

  private static io.vaultstream.engine.LoadResult load(
      VaultLoader loader, List<ChangeEvent> events) {
    try {
      return loader.load(events);
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The generator's first {@code n} records, decoded, in batches. */
  private static List<List<ChangeEvent>> decoded(VaultLoader loader, long seed, int n, int batch) {
    ShopEventGenerator gen = new ShopEventGenerator("shop.public", seed);
    Map<String, Long> offsets = new HashMap<>();
    List<List<ChangeEvent>> out = new ArrayList<>();
    for (int done = 0; done < n; ) {
      List<ChangeRecord> records = gen.next(Math.min(batch, n - done));
      List<ChangeEvent> events = new ArrayList<>(records.size());
      for (ChangeRecord r : records) {
        long offset = offsets.merge(r.topic(), 1L, Long::sum) - 1;
        loader.decoder().decode(r.topic(), 0, offset, 0, r.key(), r.value()).ifPresent(events::add);
      }
      out.add(events);
      done += records.size();
    }
    return out;
  }
}
