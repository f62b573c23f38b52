package io.vaultstream.spark;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import kafka.testkit.KafkaClusterTestKit;
import kafka.testkit.TestKitNodes;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;

/**
 * The Connect benchmark's events (module samples, same seed: Debezium envelopes with schemas as the
 * JsonConverter writes them, deletes and their tombstones) loaded by the Spark runner in local[2]:
 * pre-loaded into a real broker, then one run with Trigger.AvailableNow into an embedded PostgreSQL
 * 17 or, with {@code --jdbc-url}, a PostgreSQL of one's own, in a schema of the benchmark's own
 * ({@code --schema}, default bench_spark, dropped first). Prints events/s, vault rows/s and the
 * JVM's peak heap, then checks the vault: no error rows, every record's Kafka position stored.
 *
 * <p>Run: {@code benchmarks/spark.sh [--events=200000] [--jdbc-url=URL] [--schema=bench_spark]
 * [--warmup-events=N] [--max-offsets-per-trigger=N] [--queries=per-source|single] [--<job
 * option>=value...]}; with a warm-up, N other events are loaded by a first run and the measured
 * events by a second run of the same job (checkpoints kept). With {@code
 * --bootstrap-servers=HOST:PORT [--loads=N]} the input is the shop topics on that broker as found
 * ({@link SparkSourceLoads}).
 */
public final class SparkBenchmark {
  private static final AtomicLong PEAK = new AtomicLong();

  private SparkBenchmark() {}

  public static void main(String[] args) {
    List<String> given = List.of(String.join(" ", args).trim().split("\\s+"));
    if (given.contains("--target=delta")) {
      try {
        System.exit(SparkDeltaBenchmark.run(given) ? 0 : 1);
      } catch (Exception | Error e) {
        e.printStackTrace();
        System.exit(1);
      }
    }
    SparkBenchOptions options;
    try {
      options = SparkBenchOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("benchmarks/spark.sh: " + e.getMessage());
      System.exit(2);
      return;
    }
    sampleHeap();
    int code;
    try (SparkBenchDatabase db = new SparkBenchDatabase(options)) {
      if (options.bootstrap != null) {
        code = SparkSourceLoads.run(options.bootstrap, db, options) ? 0 : 1;
      } else {
        try (KafkaClusterTestKit kafka = broker()) {
          kafka.format();
          kafka.startup();
          kafka.waitForReadyBrokers();
          code = run(kafka, db, options) ? 0 : 1;
        }
      }
    } catch (Exception | Error e) {
      e.printStackTrace();
      code = 1;
    }
    System.exit(code);
  }

  /** Samples the heap in use every 10 ms on a daemon thread, keeping the peak. */
  private static void sampleHeap() {
    Thread sampler =
        new Thread(
            () -> {
              var memory = ManagementFactory.getMemoryMXBean();
              while (true) {
                PEAK.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                LockSupport.parkNanos(10_000_000L);
              }
            },
            "heap-sampler");
    sampler.setDaemon(true);
    sampler.start();
  }

  /** One combined broker and controller (KRaft), not yet formatted. */
  private static KafkaClusterTestKit broker() throws Exception {
    return new KafkaClusterTestKit.Builder(
            new TestKitNodes.Builder()
                .setCombined(true)
                .setNumBrokerNodes(1)
                .setNumControllerNodes(1)
                .build())
        .build();
  }

  /** Runs the benchmark; false when the vault is not what the events should give. */
  private static boolean run(KafkaClusterTestKit kafka, SparkBenchDatabase db, SparkBenchOptions o)
      throws Exception {
    db.reset();
    System.out.println("Vault database: " + db.description + " (schema dropped first)");
    try (SparkBenchEvents events = new SparkBenchEvents(kafka)) {
      events.createTopics();
      if (o.warmup > 0) {
        events.produce(o.warmup);
      }
      SparkSession spark = session();
      try {
        return measure(spark, kafka.bootstrapServers(), db, events, o);
      } finally {
        spark.stop();
        VaultStreamingJob.shutdown();
      }
    }
  }

  /**
   * Spark in local[2], on the loopback address, without its web UI, with the settings the job gives
   * a session it creates for its queries' class loaders ({@link SharedClassLoader}).
   */
  static SparkSession session() {
    SparkSession.Builder builder =
        SparkSession.builder()
            .master("local[2]")
            .appName("vaultstream-bench")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1");
    SharedClassLoader.sessionSettings().forEach(builder::config);
    return builder.getOrCreate();
  }

  private static boolean measure(
      SparkSession spark,
      String bootstrap,
      SparkBenchDatabase db,
      SparkBenchEvents events,
      SparkBenchOptions o)
      throws Exception {
    JobConfig config = jobConfig(bootstrap, db, o);
    SparkBenchDecoded decoded = new SparkBenchDecoded();
    spark.sparkContext().addSparkListener(decoded);
    long rowsBefore = o.warmup > 0 ? warmUp(spark, config, db, o) : 0;
    events.produce(o.events);
    // Marks the measured load in the output, so that a recording (BENCH_JVM) can be cut to it.
    System.out.println(SparkSourceLoads.startLine(o.warmup > 0 ? 2 : 1));
    SparkBenchCpu cpu = SparkBenchCpu.now();
    long start = System.nanoTime();
    loadAvailable(spark, config);
    double secs = (System.nanoTime() - start) / 1e9;
    System.out.println(SparkSourceLoads.endLine(o.warmup > 0 ? 2 : 1));
    String cpuLine = SparkBenchCpu.now().since(cpu, o.events);
    Map<String, Long> perTable = db.vaultRows();
    printLoad(o.events, o, config, SparkBenchChecks.sum(perTable) - rowsBefore, secs);
    System.out.println(cpuLine);
    printHeap();
    System.out.println("PostgreSQL: " + db.description);
    return SparkBenchChecks.verify(db, events, perTable, decoded);
  }

  static void printHeap() {
    System.out.printf(
        "Peak heap in use of the JVM running broker, Spark and the engine: %,d MiB (max %,d MiB)%n",
        PEAK.get() >> 20, Runtime.getRuntime().maxMemory() >> 20);
  }

  /**
   * A job that has been running: Spark, the JIT and the vault are warm. The warm-up events are
   * loaded by a first run; the measured events are produced after it and loaded by a second run
   * from the same checkpoints. Returns the vault rows the warm-up left.
   */
  private static long warmUp(
      SparkSession spark, JobConfig config, SparkBenchDatabase db, SparkBenchOptions o)
      throws Exception {
    long w = System.nanoTime();
    loadAvailable(spark, config);
    double ws = (System.nanoTime() - w) / 1e9;
    System.out.printf(
        "Warm-up: loaded %,d events in %.1f s (%,.0f events/s, a freshly started job)%n",
        o.warmup, ws, o.warmup / ws);
    return SparkBenchChecks.sum(db.vaultRows());
  }

  /** The measured run's rates: events and the vault rows they became, per second. */
  static void printLoad(
      long events, SparkBenchOptions o, JobConfig config, long rows, double secs) {
    System.out.printf(
        "Spark local[2] loaded %,d events into %,d vault rows in %.1f s: %,.0f events/s, %,.0f vault"
            + " rows/s (%s)%s%n",
        events,
        rows,
        secs,
        events / secs,
        rows / secs,
        config.singleQuery() ? "one query for all topics" : "one query per source table",
        o.warmup > 0 ? String.format(" (after a warm-up of %,d events)", o.warmup) : "");
  }

  /** The repository's examples/shop/model.json, from the working directory or one above it. */
  static Path exampleModel() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path m = p.resolve("examples/shop/model.json");
      if (Files.isRegularFile(m)) {
        return m;
      }
    }
    throw new IllegalStateException(
        "examples/shop/model.json not found above " + Path.of("").toAbsolutePath());
  }

  /** The job's settings: the benchmark's database, schema, broker and checkpoints, then extras. */
  static JobConfig jobConfig(String bootstrap, SparkBenchDatabase db, SparkBenchOptions o)
      throws Exception {
    Path checkpoint = Files.createTempDirectory("vaultstream-bench");
    Path model = exampleModel();
    List<String> jobArgs =
        new ArrayList<>(
            List.of(
                "--model",
                model.toString(),
                "--jdbc-url",
                db.url,
                "--schema",
                db.schema,
                "--bootstrap-servers",
                bootstrap,
                "--checkpoint",
                checkpoint.toString()));
    if (o.maxOffsets != null) {
      jobArgs.addAll(List.of("--max-offsets-per-trigger", o.maxOffsets));
    }
    if (o.queries != null) {
      jobArgs.addAll(List.of("--queries", o.queries));
    }
    jobArgs.addAll(o.extra);
    JobConfig config = JobConfig.from(jobArgs.toArray(new String[0]), Map.of());
    if (!db.schema.equals(config.options().targetSchema())
        || !db.url.equals(config.options().jdbcUrl())) {
      throw new IllegalStateException(
          "the job would load into "
              + SparkBenchOptions.mask(config.options().jdbcUrl())
              + " schema "
              + config.options().targetSchema()
              + ", not the benchmark's "
              + SparkBenchOptions.mask(db.url)
              + " schema "
              + db.schema);
    }
    return config;
  }

  /** Runs the job until every record produced so far is loaded, then sweeps once. */
  static void loadAvailable(SparkSession spark, JobConfig config) throws Exception {
    for (StreamingQuery q : VaultStreamingJob.start(spark, config, Trigger.AvailableNow())) {
      q.awaitTermination();
      if (q.exception().isDefined()) {
        throw new IllegalStateException(
            "streaming query " + q.name() + " failed: " + q.exception().get().getMessage(),
            q.exception().get());
      }
    }
    VaultStreamingJob.finish(config);
  }
}
