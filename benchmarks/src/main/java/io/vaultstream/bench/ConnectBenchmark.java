package io.vaultstream.bench;

import io.vaultstream.samples.ShopEventGenerator;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;

/**
 * Loads N generated shop change events, pre-loaded into a real broker, with one task of the
 * connector in a real Connect worker into PostgreSQL, then measures event-to-vault latency at a
 * steady rate. Prints events/s, vault rows/s, p50/p99 latency and the JVM's peak heap.
 *
 * <p>Run: {@code bench/connect-embedded.sh [--events=200000] [--batch-size=5000] [--jdbc-url=...]}.
 */
public final class ConnectBenchmark {
  private static final List<String> TABLES =
      List.of("customers", "products", "order_status", "orders", "order_lines", "payments");

  private static final java.util.concurrent.atomic.AtomicLong PEAK_HEAP =
      new java.util.concurrent.atomic.AtomicLong();

  private ConnectBenchmark() {}

  private static void sampleHeap() {
    Thread t =
        new Thread(
            () -> {
              var memory = ManagementFactory.getMemoryMXBean();
              while (true) {
                PEAK_HEAP.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                LockSupport.parkNanos(10_000_000L);
              }
            },
            "heap-sampler");
    t.setDaemon(true);
    t.start();
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> opt = new HashMap<>();
    for (String a : args) {
      for (String part : a.split("\\s+")) {
        if (part.startsWith("--") && part.contains("=")) {
          opt.put(part.substring(2, part.indexOf('=')), part.substring(part.indexOf('=') + 1));
        }
      }
    }
    int events = Integer.parseInt(opt.getOrDefault("events", "200000"));
    int batch = Integer.parseInt(opt.getOrDefault("batch-size", "5000"));
    int rate = Integer.parseInt(opt.getOrDefault("latency-rate", "2000"));
    int seconds = Integer.parseInt(opt.getOrDefault("latency-seconds", "10"));
    EmbeddedPostgres pg = null;
    String url = opt.get("jdbc-url");
    int statements = Integer.parseInt(opt.getOrDefault("statements", "0"));
    if (url == null) {
      EmbeddedPostgres.Builder b = EmbeddedPostgres.builder();
      if (statements > 0) {
        b.setServerConfig("shared_preload_libraries", "pg_stat_statements");
      }
      pg = b.start();
      url = pg.getJdbcUrl("postgres", "postgres");
    }
    Map<String, String> worker = new HashMap<>();
    worker.put("plugin.discovery", "service_load");
    worker.put("offset.flush.interval.ms", "1000");
    EmbeddedConnectCluster connect =
        new EmbeddedConnectCluster.Builder()
            .name("bench")
            .numWorkers(1)
            .numBrokers(1)
            .workerProps(worker)
            .build();
    sampleHeap();
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
    String schema = "bench";
    // The schema is the benchmark's own: a run against a database of one's own starts empty, as
    // an embedded one does (stored positions of an earlier run would skip every record).
    try (Connection db = DriverManager.getConnection(url);
        Statement st = db.createStatement()) {
      st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    }
    Map<String, String> c = new HashMap<>();
    c.put("connector.class", "io.vaultstream.connect.VaultSinkConnector");
    c.put("tasks.max", "1");
    c.put("topics", TABLES.stream().map(t -> "shop.public." + t).collect(Collectors.joining(",")));
    c.put("key.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
    c.put("value.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
    c.put("connection.url", url);
    c.put("target.schema", schema);
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
    if ("decode-only".equals(opt.get("sink"))) {
      decodeOnly(connect, gen, events, c);
      return;
    }
    try (Connection db = DriverManager.getConnection(url)) {
      long rowsBefore = 0;
      if (warmup > 0) {
        // A worker that has been running: the JIT has compiled the hot paths and the vault holds
        // the warm-up events' keys. The measured events are produced while the task is paused.
        produceAll(connect, gen, warmup, end);
        settle();
        long w = System.nanoTime();
        connect.configureConnector("bench", c);
        awaitProgress(db, schema, end, null);
        double ws = (System.nanoTime() - w) / 1e9;
        System.out.printf(
            "Warm-up: loaded %,d events in %.1f s (%,.0f events/s, a freshly started worker)%n",
            warmup, ws, warmup / ws);
        connect.pauseConnector("bench");
        connect
            .assertions()
            .assertConnectorAndExactlyNumTasksArePaused("bench", 1, "the connector did not pause");
        rowsBefore = vaultRows(db, schema);
      }
      produceAll(connect, gen, events, end);
      settle();
      Statements stmts = new Statements(url, Integer.parseInt(opt.getOrDefault("statements", "0")));
      CpuMeter cpu = new CpuMeter();
      long start = System.nanoTime();
      if (warmup > 0) {
        connect.resumeConnector("bench");
      } else {
        connect.configureConnector("bench", c);
      }
      awaitProgress(db, schema, end, null);
      double secs = (System.nanoTime() - start) / 1e9;
      long rows = vaultRows(db, schema) - rowsBefore;
      System.out.printf(
          "Loaded %,d events into %,d vault rows in %.1f s: %,.0f events/s, %,.0f vault rows/s (one task, batch.size %d%s)%n",
          events,
          rows,
          secs,
          events / secs,
          rows / secs,
          batch,
          warmup > 0 ? String.format(", after a warm-up of %,d events", warmup) : "");
      printCpu(cpu, events);
      stmts.print();

      // Latency: a steady stream, each record timed from its send to its commit in the vault.
      Map<TopicPartition, Map<Long, Long>> sent = new HashMap<>();
      List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
      try (KafkaProducer<byte[], byte[]> p = connect.kafka().createProducer(new HashMap<>())) {
        long begin = System.nanoTime();
        int per = Math.max(1, rate / 20);
        for (int tick = 0; tick < seconds * 20; tick++) {
          produce(p, gen.next(per), end, sent);
          long next = begin + (tick + 1) * 50_000_000L;
          pollLatencies(db, schema, sent, latencies);
          LockSupport.parkNanos(Math.max(0, next - System.nanoTime()));
        }
      }
      awaitProgress(db, schema, end, () -> pollLatencies(db, schema, sent, latencies));
      List<Long> sorted = new ArrayList<>(latencies);
      Collections.sort(sorted);
      System.out.printf(
          "Event-to-vault latency at %,d events/s for %d s (%,d events, batch.max.wait.ms 250): p50 %d ms, p99 %d ms%n",
          rate, seconds, sorted.size(), pct(sorted, 50), pct(sorted, 99));
    }
    System.out.printf(
        "Peak heap in use (sampled every 10 ms) of the JVM running broker, worker and task: %,d MiB"
            + " (max heap %,d MiB)%n",
        PEAK_HEAP.get() >> 20, Runtime.getRuntime().maxMemory() >> 20);
  }

  /**
   * The floor: the same records through the same broker and worker to a task that only decodes them
   * (DecodeOnlySinkConnector), with the CPU it costs.
   */
  private static void decodeOnly(
      EmbeddedConnectCluster connect,
      ShopEventGenerator gen,
      int events,
      Map<String, String> vaultConnector)
      throws Exception {
    Map<TopicPartition, Long> end = new HashMap<>();
    produceAll(connect, gen, events, end);
    Map<String, String> c = new HashMap<>();
    for (String k :
        List.of("tasks.max", "topics", "key.converter", "value.converter", "vault.model")) {
      c.put(k, vaultConnector.get(k));
    }
    c.put(
        "consumer.override.max.poll.records",
        vaultConnector.get("consumer.override.max.poll.records"));
    c.put("connector.class", DecodeOnlySinkConnector.class.getName());
    settle();
    CpuMeter cpu = new CpuMeter();
    long start = System.nanoTime();
    connect.configureConnector("bench", c);
    long deadline = start + 5 * 60 * 1_000_000_000L;
    while (!end.entrySet().stream()
        .allMatch(
            e -> DecodeOnlySinkConnector.DECODED.getOrDefault(e.getKey(), 0L) >= e.getValue())) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the decode-only task did not finish within 5 minutes");
      }
      LockSupport.parkNanos(20_000_000L);
    }
    double secs = (System.nanoTime() - start) / 1e9;
    System.out.printf(
        "Decoded %,d events in %.1f s: %,.0f events/s (one task that only decodes: the floor of"
            + " broker, worker and decoding)%n",
        events, secs, events / secs);
    printCpu(cpu, events);
  }

  /** The CPU time spent since the meter started, per event, split by where it went. */
  private static void printCpu(CpuMeter cpu, int events) {
    Map<String, Double> spent = cpu.since();
    double total = spent.values().stream().mapToDouble(Double::doubleValue).sum();
    System.out.printf(
        "CPU time of the load: %.1f s on %d cores (%.0f µs per event)%n",
        total, Runtime.getRuntime().availableProcessors(), total * 1e6 / events);
    spent.forEach(
        (part, cpuSecs) ->
            System.out.printf(
                "  %-36s %6.1f s  %4.0f µs per event%n", part, cpuSecs, cpuSecs * 1e6 / events));
  }

  /**
   * Lets the harness's own work end before the load is measured: producing the events (in this JVM,
   * as the broker is) leaves garbage and queued JIT compilations of the producer and of the
   * broker's write path, which a worker on its own host would not pay. A collection clears the
   * garbage; then the JIT is given up to 20 s to go quiet (under 50 ms of compilation in a second).
   */
  private static void settle() {
    System.gc();
    var jit = ManagementFactory.getCompilationMXBean();
    if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
      return;
    }
    long began = System.nanoTime();
    long last = jit.getTotalCompilationTime();
    while (System.nanoTime() - began < 20_000_000_000L) {
      LockSupport.parkNanos(1_000_000_000L);
      long now = jit.getTotalCompilationTime();
      if (now - last < 50) {
        break; // under 5 % of a core compiling
      }
      last = now;
    }
    System.out.printf(
        "Settled before measuring: a collection, then the JIT quiet after %.1f s%n",
        (System.nanoTime() - began) / 1e9);
  }

  private static void produceAll(
      EmbeddedConnectCluster connect,
      ShopEventGenerator gen,
      int events,
      Map<TopicPartition, Long> end)
      throws Exception {
    long t0 = System.nanoTime();
    try (KafkaProducer<byte[], byte[]> p = connect.kafka().createProducer(new HashMap<>())) {
      for (int done = 0; done < events; ) {
        List<ShopEventGenerator.Record> chunk = gen.next(Math.min(10_000, events - done));
        produce(p, chunk, end, null);
        done += chunk.size();
      }
    }
    System.out.printf(
        "Produced %,d change events in %.1f s%n", events, (System.nanoTime() - t0) / 1e9);
  }

  private static long pct(List<Long> sorted, int p) {
    return sorted.isEmpty()
        ? -1
        : sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
  }

  private static void produce(
      KafkaProducer<byte[], byte[]> p,
      List<ShopEventGenerator.Record> records,
      Map<TopicPartition, Long> end,
      Map<TopicPartition, Map<Long, Long>> sent)
      throws Exception {
    List<Future<RecordMetadata>> acks = new ArrayList<>(records.size());
    for (ShopEventGenerator.Record r : records) {
      acks.add(p.send(new ProducerRecord<>(r.topic(), r.key(), r.value())));
    }
    p.flush();
    long now = System.nanoTime();
    for (Future<RecordMetadata> f : acks) {
      RecordMetadata m = f.get();
      TopicPartition tp = new TopicPartition(m.topic(), m.partition());
      end.merge(tp, m.offset() + 1, Math::max);
      if (sent != null) {
        sent.computeIfAbsent(tp, k -> new HashMap<>()).put(m.offset(), now);
      }
    }
  }

  private static Map<TopicPartition, Long> progress(Connection db, String schema)
      throws SQLException {
    Map<TopicPartition, Long> out = new HashMap<>();
    try (Statement st = db.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT topic, kafka_partition, next_offset FROM "
                    + schema
                    + ".vs_progress WHERE consumer = 'bench'")) {
      while (rs.next()) {
        out.put(new TopicPartition(rs.getString(1), rs.getInt(2)), rs.getLong(3));
      }
    } catch (SQLException e) {
      if (!"42P01".equals(e.getSQLState())) {
        throw e;
      }
    }
    return out;
  }

  private static void pollLatencies(
      Connection db, String schema, Map<TopicPartition, Map<Long, Long>> sent, List<Long> out)
      throws SQLException {
    Map<TopicPartition, Long> stored = progress(db, schema);
    long now = System.nanoTime();
    sent.forEach(
        (tp, offsets) -> {
          long next = stored.getOrDefault(tp, 0L);
          offsets
              .entrySet()
              .removeIf(
                  e -> {
                    if (e.getKey() < next) {
                      out.add((now - e.getValue()) / 1_000_000);
                      return true;
                    }
                    return false;
                  });
        });
  }

  interface Poll {
    void run() throws SQLException;
  }

  private static void awaitProgress(
      Connection db, String schema, Map<TopicPartition, Long> end, Poll each) throws Exception {
    long deadline = System.nanoTime() + 5 * 60 * 1_000_000_000L;
    while (System.nanoTime() < deadline) {
      if (each != null) {
        each.run();
      }
      Map<TopicPartition, Long> stored = progress(db, schema);
      if (end.entrySet().stream()
          .allMatch(e -> stored.getOrDefault(e.getKey(), 0L) >= e.getValue())) {
        return;
      }
      LockSupport.parkNanos(each == null ? 200_000_000L : 20_000_000L);
    }
    throw new IllegalStateException(
        "the connector did not finish within 5 minutes (see the worker log above)");
  }

  private static long vaultRows(Connection db, String schema) throws SQLException {
    long total = 0;
    List<String> tables = new ArrayList<>();
    try (Statement st = db.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = '"
                    + schema
                    + "' AND table_name NOT LIKE 'vs\\_%'")) {
      while (rs.next()) {
        tables.add(rs.getString(1));
      }
    }
    for (String t : tables) {
      try (Statement st = db.createStatement();
          ResultSet rs =
              st.executeQuery(
                  "SELECT count(*) FROM "
                      + schema
                      + "."
                      + t
                      + " WHERE record_source <> 'SYSTEM'")) {
        rs.next();
        total += rs.getLong(1);
      }
    }
    return total;
  }

  private static Path model() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path m = p.resolve("examples/shop/model.json");
      if (Files.exists(m)) {
        return m;
      }
    }
    throw new IllegalStateException("examples/shop/model.json not found");
  }
}
