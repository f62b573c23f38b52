package io.vaultstream.spark;

import io.vaultstream.engine.TableGauges;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryException;
import org.apache.spark.sql.streaming.Trigger;

/**
 * Runs the vault load as Spark Structured Streaming: one query per source table (as VaultSpeed
 * generates one job per table), each with its own checkpoint, feeding the engine through
 * foreachBatch; executors write their partitions through a per-JVM engine, the model broadcast.
 */
public final class VaultStreamingJob {
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(VaultStreamingJob.class);
  private static final java.util.Map<String, java.util.concurrent.ScheduledExecutorService>
      SWEEPERS = new java.util.concurrent.ConcurrentHashMap<>();
  private static final Map<String, TableGauges> GAUGES = new java.util.HashMap<>();

  /**
   * Records per query and micro-batch at most, so a backlog (a first start from the earliest
   * offsets) is loaded in pieces of bounded size rather than in one. A per-source query loads its
   * micro-batch's partition in one transaction; the single query in transactions of {@code
   * --batch-size} events, each planned while the one before is written. Each micro-batch costs
   * Spark some 45-50 ms of CPU on a 2-core machine however few records it holds (planning the
   * query, scheduling the task, the offset and commit logs), about 10 µs per event at 5,000
   * records, so a backlog is read in pieces four times that size.
   */
  static final String DEFAULT_MAX_OFFSETS_PER_TRIGGER = "20000";

  /**
   * How long a fetch of the Kafka source's consumers waits at the broker for records past the end
   * of a partition, unless {@code --kafka.fetch.max.wait.ms} says: the consumer of a micro-batch
   * that reads to the end of its partition asks for the records after it too, the broker holds that
   * fetch for this long, and the consumer's next requests to that broker wait behind it on the same
   * connection. With Kafka's default of 500 ms a micro-batch that read to the end of its partition
   * took up to half a second longer (several seconds for the last one of a backlog).
   */
  static final String DEFAULT_FETCH_MAX_WAIT_MS = "50";

  private static final String FETCH_MAX_WAIT = "fetch.max.wait.ms";

  private static final Map<SparkSession, ProgressListener> LISTENERS =
      new java.util.WeakHashMap<>();

  private VaultStreamingJob() {}

  public static void main(String[] args) throws TimeoutException, StreamingQueryException {
    JobConfig config = JobConfig.from(args, System.getenv());
    SparkSession.Builder builder = SparkSession.builder().appName("vaultstream");
    // A mode or pool file given to spark-submit wins; otherwise the job's own pools, which work
    // from inside the jar too. A session that exists already (Databricks) keeps its mode; start()
    // adds the pools to it.
    if (System.getProperty("spark.scheduler.allocation.file") == null
        && System.getProperty("spark.scheduler.mode") == null) {
      SchedulerPools.sessionSettings().forEach(builder::config);
    }
    if (SparkSession.getDefaultSession().isEmpty()) {
      SharedClassLoader.sessionSettings().forEach(builder::config);
    }
    SparkSession spark = builder.getOrCreate();
    start(spark, config, Trigger.ProcessingTime(config.triggerMs()));
    spark.streams().awaitAnyTermination();
  }

  /**
   * Starts the job's streaming queries: one per source table of the model ({@code --queries
   * per-source}, the default), or one reading every source topic ({@code --queries single}).
   */
  public static List<StreamingQuery> start(SparkSession spark, JobConfig config, Trigger trigger)
      throws TimeoutException {
    VaultModel model = config.loadModel(spark.sparkContext().hadoopConfiguration());
    VaultOptions options = config.options();
    LocalCheckpoints.apply(spark, config.get("checkpoint", null));
    if (config.lakeTarget()) {
      return List.of(startLake(spark, config, model, options, trigger));
    }
    Loaders.get(model, options); // prepare the vault (tables, ghost records) once, on the driver
    JdbcQueries jdbc = new JdbcQueries(spark, config, trigger, model, options);
    List<StreamingQuery> queries =
        config.singleQuery() ? jdbc.startSingle() : jdbc.startPerSource();
    startSweeper(model, options);
    return queries;
  }

  /**
   * The lakehouse targets (Delta, Iceberg): the tables created (with their ghost records) on the
   * driver, then one query over every source topic whose micro-batches are planned and written on
   * the driver.
   */
  private static StreamingQuery startLake(
      SparkSession spark, JobConfig config, VaultModel model, VaultOptions options, Trigger trigger)
      throws TimeoutException {
    io.vaultstream.spark.lake.LakeLocation at = config.lakeLocation();
    // The vault's TIMESTAMP columns are instants whatever the cluster's default (a cluster may set
    // spark.sql.timestampType to TIMESTAMP_NTZ, which would make them wall-clock readings).
    spark.conf().set("spark.sql.timestampType", "TIMESTAMP_LTZ");
    // Created, and brought to the model, before the query starts: a model the tables cannot take
    // stops the job here, not at its first records.
    List<String> created =
        io.vaultstream.spark.lake.LakeVault.createTables(spark, model, at, options.autoEvolve());
    LOG.info("{}: {} statements to create what was missing", at.describe(), created.size());
    String name = StartingOffsets.queryName(model, null);
    // Read once: the start check compares the checkpoint with them, and the query's first
    // micro-batch is compared with them (a restore between the start and that batch).
    Map<org.apache.kafka.common.TopicPartition, Long> atStart =
        io.vaultstream.spark.lake.LakeVault.storedPositions(spark, model, at, name);
    new StartCheck(spark, config, model).require(Map.of(name, SINGLE_CHECKPOINT), () -> atStart);
    List<String> topics =
        model.sources().values().stream().map(SourceTable::topic).distinct().toList();
    return query(
            spark,
            config,
            topics,
            StartingOffsets.configured(config),
            name,
            SINGLE_CHECKPOINT,
            trigger)
        .foreachBatch(
            new LakeBatchWriter(
                model,
                options,
                at,
                name,
                listenerOf(spark).metrics(),
                LakeBatchWriter.positions(atStart)))
        .start();
  }

  /**
   * The checkpoint directory (under {@code --checkpoint}) of the single query; a source table of
   * this name cannot exist (table names do not start with a dot).
   */
  static final String SINGLE_CHECKPOINT = ".all-sources";

  static org.apache.spark.sql.streaming.DataStreamWriter<org.apache.spark.sql.Row> query(
      SparkSession spark,
      JobConfig config,
      List<String> topics,
      StartingOffsets starting,
      String name,
      String checkpoint,
      Trigger trigger) {
    org.apache.spark.sql.streaming.DataStreamReader reader = spark.readStream().format("kafka");
    for (Map.Entry<String, String> o : sourceOptions(config, topics, starting).entrySet()) {
      reader = reader.option(o.getKey(), o.getValue());
    }
    return reader
        .load()
        .writeStream()
        .queryName(name)
        .option("checkpointLocation", config.get("checkpoint", null) + "/" + checkpoint)
        .trigger(trigger);
  }

  /**
   * The options of the Kafka source reading {@code topics}: the brokers, the consumers' settings
   * given as {@code --kafka.*} (with a fetch wait of {@link #DEFAULT_FETCH_MAX_WAIT_MS} unless one
   * is given), where to start, and how many records a micro-batch reads at most.
   */
  static Map<String, String> sourceOptions(
      JobConfig config, List<String> topics, StartingOffsets starting) {
    Map<String, String> options = new java.util.LinkedHashMap<>();
    options.put("kafka.bootstrap.servers", config.get("bootstrap-servers", null));
    Map<String, String> kafka = config.kafkaOptions();
    for (Map.Entry<String, String> o : kafka.entrySet()) {
      options.put("kafka." + o.getKey(), o.getValue());
    }
    options.putIfAbsent("kafka." + FETCH_MAX_WAIT, DEFAULT_FETCH_MAX_WAIT_MS);
    options.put("subscribe", String.join(",", topics));
    options.put("startingOffsets", starting.of(topics));
    options.put("failOnDataLoss", Boolean.toString(config.failOnDataLoss()));
    options.put(
        "maxOffsetsPerTrigger",
        config.get("max-offsets-per-trigger", DEFAULT_MAX_OFFSETS_PER_TRIGGER));
    return options;
  }

  /**
   * The accumulators and the progress listener of a session: made at the first start, shared by
   * later starts in the same session (a restart of the queries reports into the same figures).
   */
  static synchronized ProgressListener listenerOf(SparkSession spark) {
    return LISTENERS.computeIfAbsent(
        spark,
        s -> {
          ProgressListener l = new ProgressListener(new VaultMetrics(s.sparkContext()));
          s.streams().addListener(l);
          return l;
        });
  }

  /**
   * The sizes of the vault's waiting and error tables, read on the driver every {@code
   * --table-sizes-interval-ms} (default 30000; 0 never) for the queries' JMX attributes: one reader
   * per vault, as the sweeper.
   */
  static synchronized TableGauges tableGauges(
      VaultModel model, VaultOptions options, JobConfig config) {
    String key = model.name() + "|" + options.jdbcUrl() + "|" + options.targetSchema();
    return GAUGES.computeIfAbsent(
        key,
        k ->
            new TableGauges(
                () -> Loaders.get(model, options).queueSizes(),
                () -> Loaders.get(model, options).cacheSizes(),
                Long.parseLong(config.get("table-sizes-interval-ms", "30000")),
                System::currentTimeMillis,
                model.name()));
  }

  /**
   * The queries run concurrently: a child's batch may commit its waiting rows just after the
   * parent's batch looked for them. A timer on the driver sweeps them while the job runs.
   */
  private static synchronized void startSweeper(VaultModel model, VaultOptions options) {
    String key = model.name() + "|" + options.jdbcUrl() + "|" + options.targetSchema();
    SWEEPERS.computeIfAbsent(
        key,
        k -> {
          java.util.concurrent.ScheduledExecutorService timer =
              java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
                  r -> {
                    Thread t = new Thread(r, "vaultstream-sweeper");
                    t.setDaemon(true);
                    return t;
                  });
          long every = Math.max(1000, options.sweepIntervalMs());
          timer.scheduleWithFixedDelay(
              () -> {
                try {
                  Loaders.get(model, options).sweep();
                } catch (Exception e) {
                  LOG.warn(
                      "Sweep of the waiting rows failed; retrying at the next one: {}",
                      e.getMessage());
                }
              },
              every,
              every,
              java.util.concurrent.TimeUnit.MILLISECONDS);
          return timer;
        });
  }

  /** Stops the sweep timers and closes the engines of this JVM. */
  public static synchronized void shutdown() {
    LISTENERS.forEach(
        (spark, listener) -> {
          spark.streams().removeListener(listener);
          listener.unwatchAll();
        });
    GAUGES.values().forEach(TableGauges::close);
    GAUGES.clear();
    LISTENERS.clear();
    SWEEPERS.values().forEach(java.util.concurrent.ScheduledExecutorService::shutdownNow);
    SWEEPERS.clear();
    Loaders.closeAll();
  }

  /** Sweeps the waiting rows once more: for runs that end (Trigger.AvailableNow, tests). */
  public static void finish(JobConfig config) throws java.sql.SQLException {
    VaultModel model = config.loadModel();
    Loaders.get(model, config.options()).sweep();
  }

  /** The scheduler pool of a source's query: by the most basic object type it feeds. */
  static String pool(VaultModel model, SourceTable source) {
    if (!model.hubsFedBy(source.name()).isEmpty()) {
      return "vaultstream-hubs";
    }
    return model.linksOf(source.name()).isEmpty() ? "vaultstream-satellites" : "vaultstream-links";
  }
}
