package io.vaultstream.bench;

import io.vaultstream.samples.ShopEventGenerator;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;

/**
 * Loads N generated shop change events, pre-loaded into a real broker, with one task of the
 * connector in a real Connect worker into PostgreSQL, then measures event-to-vault latency at a
 * steady rate. Prints events/s, vault rows/s, p50/p99 latency and the JVM's peak heap.
 *
 * <p>Run: {@code benchmarks/connect-embedded.sh [--events=200000] [--batch-size=5000]
 * [--jdbc-url=...]}. With {@code --sink=planner} it measures the engine's planner alone (see {@link
 * PlanningRun}).
 */
public final class ConnectBenchmark {
  private static final List<String> TABLES =
      List.of("customers", "products", "order_status", "orders", "order_lines", "payments");
  private static final String SCHEMA = "bench";

  private ConnectBenchmark() {}

  /** The options, {@code --name=value}, as one argument or several (as exec:exec passes them). */
  static Map<String, String> options(String[] args) {
    Map<String, String> opt = new HashMap<>();
    for (String a : args) {
      for (String part : a.split("\\s+")) {
        if (part.startsWith("--") && part.contains("=")) {
          opt.put(part.substring(2, part.indexOf('=')), part.substring(part.indexOf('=') + 1));
        }
      }
    }
    return opt;
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> opt = options(args);
    int events = Integer.parseInt(opt.getOrDefault("events", "200000"));
    int batch = Integer.parseInt(opt.getOrDefault("batch-size", "5000"));
    int rate = Integer.parseInt(opt.getOrDefault("latency-rate", "2000"));
    int seconds = Integer.parseInt(opt.getOrDefault("latency-seconds", "10"));
    String url = opt.get("jdbc-url");
    EmbeddedPostgres pg =
        url == null
            ? embeddedPostgres(Integer.parseInt(opt.getOrDefault("statements", "0")))
            : null;
    if (pg != null) {
      url = pg.getJdbcUrl("postgres", "postgres");
    }
    if ("planner".equals(opt.get("sink"))) {
      plannerOnly(url, opt, pg);
      return;
    }
    EmbeddedConnectCluster connect = cluster();
    JvmMeasures.sampleHeap();
    int code = 0;
    try {
      connect.start();
      run(connect, url, events, batch, rate, seconds, opt);
    } catch (Exception | Error e) {
      e.printStackTrace();
      code = 1;
    } finally {
      connect.stop();
      if (pg != null) {
        pg.close();
      }
    }
    // Kafka's embedded threads are not daemons; end the benchmark whatever they do.
    System.exit(code);
  }

  /** The planner alone: no broker, no worker; the embedded database (or null) closed after. */
  private static void plannerOnly(String url, Map<String, String> opt, EmbeddedPostgres pg)
      throws Exception {
    try {
      PlanningRun.run(url, opt);
    } finally {
      if (pg != null) {
        pg.close();
      }
    }
  }

  /** One worker and one broker, the worker finding its plugins by their service manifests. */
  private static EmbeddedConnectCluster cluster() {
    Map<String, String> worker = new HashMap<>();
    worker.put("plugin.discovery", "service_load");
    worker.put("offset.flush.interval.ms", "1000");
    return new EmbeddedConnectCluster.Builder()
        .name("bench")
        .numWorkers(1)
        .numBrokers(1)
        .workerProps(worker)
        .build();
  }

  /** An embedded PostgreSQL 17, with pg_stat_statements when statements are to be printed. */
  private static EmbeddedPostgres embeddedPostgres(int statements) throws Exception {
    EmbeddedPostgres.Builder b = EmbeddedPostgres.builder();
    if (statements > 0) {
      b.setServerConfig("shared_preload_libraries", "pg_stat_statements");
    }
    return b.start();
  }

  private static void run(
      EmbeddedConnectCluster connect,
      String url,
      int events,
      int batch,
      int rate,
      int seconds,
      Map<String, String> opt)
      throws Exception {
    TABLES.forEach(t -> connect.kafka().createTopic("shop.public." + t, 1));
    ShopEventGenerator gen = new ShopEventGenerator("shop.public", 1);
    Map<TopicPartition, Long> end = new HashMap<>();
    // By default a worker's first events are loaded first and timed apart (a cold JVM, whose JIT
    // compiler takes much of the CPU), then the measured events (a running worker).
    int warmup = Integer.parseInt(opt.getOrDefault("warmup-events", String.valueOf(events)));
    dropSchema(url);
    Map<String, String> c = connectorConfig(url, batch, opt);
    if ("decode-only".equals(opt.get("sink"))) {
      DecodeOnlyRun.run(connect, gen, events, c);
      return;
    }
    try (Connection db = DriverManager.getConnection(url)) {
      VaultProgress progress = new VaultProgress(db, SCHEMA);
      long rowsBefore = warmup > 0 ? warmUp(connect, gen, warmup, end, c, progress) : 0;
      ShopProducer.produceAll(connect, gen, events, end);
      JvmMeasures.settle();
      Statements stmts = new Statements(url, Integer.parseInt(opt.getOrDefault("statements", "0")));
      CpuMeter cpu = new CpuMeter();
      double secs = timedLoad(connect, c, progress, end, warmup > 0);
      printLoad(events, progress.vaultRows() - rowsBefore, secs, batch, warmup);
      JvmMeasures.printCpu(cpu, events);
      stmts.print();
      latency(connect, gen, end, progress, rate, seconds);
    }
    System.out.printf(
        "Peak heap in use (sampled every 10 ms) of the JVM running broker, worker and task: %,d MiB"
            + " (max heap %,d MiB)%n",
        JvmMeasures.peakHeap() >> 20, Runtime.getRuntime().maxMemory() >> 20);
  }

  /** The measured load's rates: events and the vault rows they became, per second. */
  private static void printLoad(int events, long rows, double secs, int batch, int warmup) {
    System.out.printf(
        "Loaded %,d events into %,d vault rows in %.1f s: %,.0f events/s, %,.0f vault rows/s (one task, batch.size %d%s)%n",
        events,
        rows,
        secs,
        events / secs,
        rows / secs,
        batch,
        warmup > 0 ? String.format(", after a warm-up of %,d events", warmup) : "");
  }

  /**
   * The schema is the benchmark's own: a run against a database of one's own starts empty, as an
   * embedded one does (stored positions of an earlier run would skip every record).
   */
  private static void dropSchema(String url) throws Exception {
    try (Connection db = DriverManager.getConnection(url);
        Statement st = db.createStatement()) {
      st.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
    }
  }

  /**
   * Starts the connector (or, after a warm-up, resumes it) and returns the seconds until every
   * position reaches {@code end}.
   */
  private static double timedLoad(
      EmbeddedConnectCluster connect,
      Map<String, String> c,
      VaultProgress progress,
      Map<TopicPartition, Long> end,
      boolean resume)
      throws Exception {
    long start = System.nanoTime();
    if (resume) {
      connect.resumeConnector("bench");
    } else {
      connect.configureConnector("bench", c);
    }
    progress.await(end, null);
    return (System.nanoTime() - start) / 1e9;
  }

  /** The connector: ByteArrayConverter, one task, the example model, the options given. */
  private static Map<String, String> connectorConfig(String url, int batch, Map<String, String> opt)
      throws Exception {
    Map<String, String> c = new HashMap<>();
    c.put("connector.class", "io.vaultstream.connect.VaultSinkConnector");
    c.put("tasks.max", "1");
    c.put("topics", TABLES.stream().map(t -> "shop.public." + t).collect(Collectors.joining(",")));
    c.put("key.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
    c.put("value.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
    c.put("header.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
    c.put("connection.url", url);
    c.put("target.schema", SCHEMA);
    c.put("vault.model", Files.readString(model()));
    c.put("batch.size", Integer.toString(batch));
    c.put("consumer.override.max.poll.records", Integer.toString(Math.max(500, batch)));
    if (opt.containsKey("pipelining")) {
      c.put("batch.pipelining", opt.get("pipelining"));
    }
    if (opt.containsKey("hold-ms")) {
      c.put("waiting.hold.ms", opt.get("hold-ms"));
    }
    if (opt.containsKey("partition-fetch-bytes")) {
      c.put("consumer.override.max.partition.fetch.bytes", opt.get("partition-fetch-bytes"));
    }
    return c;
  }

  /**
   * A worker that has been running: the JIT has compiled the hot paths and the vault holds the
   * warm-up events' keys. Loads {@code warmup} events, then pauses the connector so the measured
   * events are produced while the task is paused. Returns the vault's rows after the warm-up.
   */
  private static long warmUp(
      EmbeddedConnectCluster connect,
      ShopEventGenerator gen,
      int warmup,
      Map<TopicPartition, Long> end,
      Map<String, String> c,
      VaultProgress progress)
      throws Exception {
    ShopProducer.produceAll(connect, gen, warmup, end);
    JvmMeasures.settle();
    long w = System.nanoTime();
    connect.configureConnector("bench", c);
    progress.await(end, null);
    double ws = (System.nanoTime() - w) / 1e9;
    System.out.printf(
        "Warm-up: loaded %,d events in %.1f s (%,.0f events/s, a freshly started worker)%n",
        warmup, ws, warmup / ws);
    connect.pauseConnector("bench");
    connect
        .assertions()
        .assertConnectorAndExactlyNumTasksArePaused("bench", 1, "the connector did not pause");
    return progress.vaultRows();
  }

  /** Latency: a steady stream, each record timed from its send to its commit in the vault. */
  private static void latency(
      EmbeddedConnectCluster connect,
      ShopEventGenerator gen,
      Map<TopicPartition, Long> end,
      VaultProgress progress,
      int rate,
      int seconds)
      throws Exception {
    Map<TopicPartition, Map<Long, Long>> sent = new HashMap<>();
    List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
    try (KafkaProducer<byte[], byte[]> p = connect.kafka().createProducer(new HashMap<>())) {
      long begin = System.nanoTime();
      int per = Math.max(1, rate / 20);
      for (int tick = 0; tick < seconds * 20; tick++) {
        ShopProducer.produce(p, gen.next(per), end, sent);
        long next = begin + (tick + 1) * 50_000_000L;
        progress.pollLatencies(sent, latencies);
        LockSupport.parkNanos(Math.max(0, next - System.nanoTime()));
      }
    }
    progress.await(end, () -> progress.pollLatencies(sent, latencies));
    List<Long> sorted = new ArrayList<>(latencies);
    Collections.sort(sorted);
    System.out.printf(
        "Event-to-vault latency at %,d events/s for %d s (%,d events, batch.max.wait.ms 250): p50 %d ms, p99 %d ms%n",
        rate, seconds, sorted.size(), JvmMeasures.pct(sorted, 50), JvmMeasures.pct(sorted, 99));
  }

  static Path model() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path m = p.resolve("examples/shop/model.json");
      if (Files.exists(m)) {
        return m;
      }
    }
    throw new IllegalStateException("examples/shop/model.json not found");
  }
}
