package io.vaultstream.spark;

import io.vaultstream.sample.ShopEventGenerator;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import kafka.testkit.KafkaClusterTestKit;
import kafka.testkit.TestKitNodes;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;

/**
 * The Connect benchmark's events (same generator, same seed) loaded by the Spark runner in
 * local[2]: pre-loaded into a real broker, then one run with Trigger.AvailableNow. Prints events/s,
 * vault rows/s and the JVM's peak heap. Run: {@code bench/spark.sh [--events=200000]
 * [--warmup-events=N] [--max-offsets-per-trigger=N] [--queries=per-source|single]}; with a warm-up,
 * N other events are loaded by a first run and the measured events by a second run of the same job
 * (checkpoints kept).
 */
public final class SparkBenchmark {
  private static final AtomicLong PEAK = new AtomicLong();

  private static String maxOffsets;
  private static String queries;
  private static final List<String> extra = new ArrayList<>();
  private static int warmup;

  private SparkBenchmark() {}

  public static void main(String[] args) throws Exception {
    int events = 200_000;
    for (String a : String.join(" ", args).split("\\s+")) {
      if (a.startsWith("--events=")) {
        events = Integer.parseInt(a.substring(9));
      } else if (a.startsWith("--warmup-events=")) {
        warmup = Integer.parseInt(a.substring(a.indexOf('=') + 1));
      } else if (a.startsWith("--max-offsets-per-trigger=")) {
        maxOffsets = a.substring(a.indexOf('=') + 1);
      } else if (a.startsWith("--queries=")) {
        queries = a.substring(a.indexOf('=') + 1);
      } else if (a.startsWith("--") && a.contains("=")) {
        extra.add(a); // any other job argument, e.g. --batch-size=N or --kafka.<name>=value
      }
    }
    Thread sampler =
        new Thread(
            () -> {
              var memory = ManagementFactory.getMemoryMXBean();
              while (true) {
                PEAK.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                LockSupport.parkNanos(10_000_000L);
              }
            });
    sampler.setDaemon(true);
    sampler.start();
    int code = 0;
    try (EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
        KafkaClusterTestKit kafka =
            new KafkaClusterTestKit.Builder(
                    new TestKitNodes.Builder()
                        .setCombined(true)
                        .setNumBrokerNodes(1)
                        .setNumControllerNodes(1)
                        .build())
                .build()) {
      kafka.format();
      kafka.startup();
      kafka.waitForReadyBrokers();
      run(kafka, pg.getJdbcUrl("postgres", "postgres"), events);
    } catch (Exception | Error e) {
      e.printStackTrace();
      code = 1;
    }
    System.exit(code);
  }

  private static void run(KafkaClusterTestKit kafka, String url, int events) throws Exception {
    List<String> tables =
        List.of("customers", "products", "order_status", "orders", "order_lines", "payments");
    try (Admin admin = Admin.create(kafka.clientProperties())) {
      List<NewTopic> topics = new ArrayList<>();
      tables.forEach(t -> topics.add(new NewTopic("shop.public." + t, 1, (short) 1)));
      admin.createTopics(topics).all().get();
    }
    ShopEventGenerator gen = new ShopEventGenerator("shop.public", 1);
    if (warmup > 0) {
      produce(kafka, gen, warmup);
    }
    SparkSession spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("vaultstream-bench")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .getOrCreate();
    Path checkpoint = Files.createTempDirectory("vaultstream-bench");
    Path model = Path.of("..", "examples", "shop", "model.json").toAbsolutePath().normalize();
    List<String> jobArgs =
        new ArrayList<>(
            List.of(
                "--model",
                model.toString(),
                "--jdbc-url",
                url,
                "--schema",
                "bench",
                "--bootstrap-servers",
                kafka.bootstrapServers(),
                "--checkpoint",
                checkpoint.toString()));
    if (maxOffsets != null) {
      jobArgs.addAll(List.of("--max-offsets-per-trigger", maxOffsets));
    }
    if (queries != null) {
      jobArgs.addAll(List.of("--queries", queries));
    }
    jobArgs.addAll(extra);
    JobConfig config = JobConfig.from(jobArgs.toArray(new String[0]), Map.of());
    long rowsBefore = 0;
    if (warmup > 0) {
      // A job that has been running: Spark, the JIT and the vault are warm. The measured events
      // are produced after the warm-up run and loaded by a second run from the same checkpoints.
      long w = System.nanoTime();
      loadAvailable(spark, config);
      double ws = (System.nanoTime() - w) / 1e9;
      System.out.printf(
          "Warm-up: loaded %,d events in %.1f s (%,.0f events/s, a freshly started job)%n",
          warmup, ws, warmup / ws);
      rowsBefore = vaultRows(url);
    }
    produce(kafka, gen, events);
    long start = System.nanoTime();
    loadAvailable(spark, config);
    double secs = (System.nanoTime() - start) / 1e9;
    long rows = vaultRows(url) - rowsBefore;
    System.out.printf(
        "Spark local[2] loaded %,d events into %,d vault rows in %.1f s: %,.0f events/s, %,.0f vault rows/s (%s)%s%n",
        events,
        rows,
        secs,
        events / secs,
        rows / secs,
        config.singleQuery() ? "one query for all topics" : "one query per source table",
        warmup > 0 ? String.format(" (after a warm-up of %,d events)", warmup) : "");
    System.out.printf(
        "Peak heap in use of the JVM running broker, Spark and the engine: %,d MiB (max %,d MiB)%n",
        PEAK.get() >> 20, Runtime.getRuntime().maxMemory() >> 20);
    spark.stop();
    VaultStreamingJob.shutdown();
  }

  /** Runs the job until every record produced so far is loaded, then sweeps once. */
  private static void loadAvailable(SparkSession spark, JobConfig config) throws Exception {
    for (StreamingQuery q : VaultStreamingJob.start(spark, config, Trigger.AvailableNow())) {
      q.awaitTermination();
    }
    VaultStreamingJob.finish(config);
  }

  private static void produce(KafkaClusterTestKit kafka, ShopEventGenerator gen, int events)
      throws Exception {
    Properties p = new Properties();
    p.putAll(kafka.clientProperties());
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
      for (int done = 0; done < events; ) {
        List<ShopEventGenerator.Record> chunk = gen.next(Math.min(10_000, events - done));
        List<Future<RecordMetadata>> acks = new ArrayList<>();
        for (ShopEventGenerator.Record r : chunk) {
          acks.add(producer.send(new ProducerRecord<>(r.topic(), r.key(), r.value())));
        }
        for (Future<RecordMetadata> a : acks) {
          a.get();
        }
        done += chunk.size();
      }
    }
    System.out.printf("Produced %,d change events%n", events);
  }

  private static long vaultRows(String url) throws Exception {
    long rows = 0;
    try (Connection db = DriverManager.getConnection(url);
        Statement st = db.createStatement()) {
      List<String> names = new ArrayList<>();
      try (ResultSet rs =
          st.executeQuery(
              "SELECT table_name FROM information_schema.tables WHERE table_schema = 'bench' AND table_name NOT LIKE 'vs\\_%'")) {
        while (rs.next()) {
          names.add(rs.getString(1));
        }
      }
      for (String t : names) {
        try (ResultSet rs =
            st.executeQuery(
                "SELECT count(*) FROM bench." + t + " WHERE record_source <> 'SYSTEM'")) {
          rs.next();
          rows += rs.getLong(1);
        }
      }
    }
    return rows;
  }
}
