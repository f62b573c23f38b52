package io.vaultstream.spark;

import io.vaultstream.engine.Failures;
import io.vaultstream.engine.Retries;
import io.vaultstream.engine.TableGauges;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.common.TopicPartition;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;

/** The queries of a database target: what they share, and how they start. */
final class JdbcQueries {
  /**
   * How long, beyond the trigger interval, a per-source query between two micro-batches still holds
   * back its children's (Spark starts the next micro-batch at the next interval).
   */
  static final long PACING_IDLE_NANOS = 2_000_000_000L;

  /** How long a per-source query that has not reached its first micro-batch holds back others. */
  static final long PACING_FIRST_NANOS = 30_000_000_000L;

  /** How long a per-source query's micro-batch waits at most for the queries it references. */
  static final long PACING_MAX_PAUSE_NANOS = 60_000_000_000L;

  private final SparkSession spark;
  private final JobConfig config;
  private final Trigger trigger;
  private final VaultModel model;
  private final VaultOptions options;
  private final ProgressListener listener;
  private final TableGauges tables;
  private final org.apache.spark.broadcast.Broadcast<VaultModel> shared;
  private final StartingOffsets starting;

  JdbcQueries(
      SparkSession spark,
      JobConfig config,
      Trigger trigger,
      VaultModel model,
      VaultOptions options) {
    this.spark = spark;
    this.config = config;
    this.trigger = trigger;
    this.model = model;
    this.options = options;
    this.listener = VaultStreamingJob.listenerOf(spark);
    this.tables = VaultStreamingJob.tableGauges(model, options, config);
    this.shared =
        org.apache.spark.api.java.JavaSparkContext.fromSparkContext(spark.sparkContext())
            .broadcast(model);
    this.starting = StartingOffsets.stored(model, Loaders.get(model, options), config);
  }

  /**
   * One query over every topic; each micro-batch is loaded in one transaction, so parents and
   * children of the same moment are planned together (as one Connect task does).
   */
  List<StreamingQuery> startSingle() throws TimeoutException {
    new StartCheck(spark, config, model)
        .require(
            Map.of(StartingOffsets.queryName(model, null), VaultStreamingJob.SINGLE_CHECKPOINT),
            this::storedPositions);
    String name = watched(StartingOffsets.queryName(model, null));
    List<String> topics =
        model.sources().values().stream().map(SourceTable::topic).distinct().toList();
    List<StreamingQuery> queries = new ArrayList<>();
    queries.add(
        VaultStreamingJob.query(
                spark, config, topics, starting, name, VaultStreamingJob.SINGLE_CHECKPOINT, trigger)
            .foreachBatch(
                new BatchWriter(shared, options, name, listener.metrics(), true, config.batchSize())
                    .watchedFromNow())
            .start());
    return queries;
  }

  /** One query per source table, each in the FAIR pool of what its table feeds. */
  List<StreamingQuery> startPerSource() throws TimeoutException {
    SchedulerPools.ensure(spark.sparkContext());
    List<StreamingQuery> queries = new ArrayList<>();
    Map<String, String> checkpoints = new java.util.LinkedHashMap<>();
    for (SourceTable source : model.sources().values()) {
      checkpoints.put(StartingOffsets.queryName(model, source), source.name());
    }
    new StartCheck(spark, config, model).require(checkpoints, this::storedPositions);
    long triggerMs = config.triggerMs();
    QueryPacing pacing =
        config.paceQueries()
            ? new QueryPacing(
                QueryPacing.parentsOf(model, s -> StartingOffsets.queryName(model, s)),
                PACING_IDLE_NANOS + triggerMs * 1_000_000L,
                PACING_FIRST_NANOS,
                PACING_MAX_PAUSE_NANOS,
                System.nanoTime())
            : null;
    for (SourceTable source : model.sources().values()) {
      String name = watched(StartingOffsets.queryName(model, source));
      BatchWriter writer =
          new BatchWriter(shared, options, name, listener.metrics(), false, 0).watchedFromNow();
      PacedQuery paced =
          pacing == null
              ? null
              : new PacedQuery(
                  pacing,
                  name,
                  config.get("checkpoint", null) + "/" + source.name(),
                  config.kafkaClients());
      if (paced != null) {
        writer.pacedBy(paced);
      }
      // See vaultstream-fairscheduler.xml.
      spark
          .sparkContext()
          .setLocalProperty("spark.scheduler.pool", VaultStreamingJob.pool(model, source));
      StreamingQuery query =
          VaultStreamingJob.query(
                  spark, config, List.of(source.topic()), starting, name, source.name(), trigger)
              .foreachBatch(writer)
              .start();
      queries.add(query);
      if (paced != null) {
        listener.closeAtEnd(query, paced);
      }
    }
    spark.sparkContext().setLocalProperty("spark.scheduler.pool", null);
    return queries;
  }

  /** The positions the vault holds for the job's queries, in either mode. */
  private Map<TopicPartition, Long> storedPositions() {
    VaultLoader loader = Loaders.get(model, options);
    String what = "Reading the positions stored in the vault for the job's queries";
    try {
      return Retries.call(
          what,
          options.maxRetries(),
          options.retryBackoffMs(),
          () -> StartingOffsets.inTheVault(model, loader));
    } catch (SQLException e) {
      throw new IllegalStateException(
          what
              + " failed; "
              + Failures.explain(e)
              + ". Without them the job cannot tell whether the database lost batches its"
              + " checkpoints recorded",
          e);
    }
  }

  /** The query's name, its metrics registered with the progress listener. */
  private String watched(String name) {
    listener.watch(name, VaultQueryMetrics.register(name, tables, options.watermarkSeconds()));
    return name;
  }
}
