package io.vaultstream.spark;

import io.vaultstream.decode.SchemaRegistryException;
import io.vaultstream.engine.Failures;
import io.vaultstream.engine.LoadPipeline;
import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.PipelinePool;
import io.vaultstream.engine.Retries;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.model.VaultModel;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The foreachBatch function: each Spark partition of a micro-batch (one Kafka partition; with
 * {@code whole}, the whole micro-batch) is decoded and loaded on its executor, through that JVM's
 * engine and HikariCP pool, in one transaction together with its ledger entry (query, batch id,
 * partition) and Kafka offsets. A partition already in the ledger (a batch re-run after a restart)
 * is skipped.
 */
final class BatchWriter implements VoidFunction2<Dataset<Row>, Long> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(BatchWriter.class);

  /**
   * The ledger's pseudo topic prefix: {@code __batch/<query id>}, partition the Spark partition,
   * next offset the next batch id. The query id is the one Spark keeps in the checkpoint, so a
   * query started on a new checkpoint (whose batch ids start again at 0) has a ledger of its own.
   */
  static final String LEDGER = "__batch";

  /** The local property in which Spark names the streaming query a micro-batch belongs to. */
  private static final String QUERY_ID = "sql.streaming.queryId";

  private final Broadcast<VaultModel> model;
  private final VaultOptions options;
  private final String query;
  private final VaultMetrics metrics;
  private final boolean whole;
  private final int chunk;
  // On the driver: the vault's positions for the query after its last micro-batch.
  private transient StoredPositionsWatch watch;
  // On the driver: when the query's micro-batches wait for those of the queries they reference.
  private transient PacedQuery paced;

  /**
   * @param whole load the micro-batch in one transaction (one Spark partition) rather than each
   *     Kafka partition in its own
   * @param chunk with {@code whole}: events per transaction when a micro-batch holds more records
   *     (and the pool at least {@link PipelinePool#MIN_SIZE} connections); the chunks are decoded
   *     and planned while the one before is written, the last commits the bad records, positions
   *     and ledger entry
   */
  BatchWriter(
      Broadcast<VaultModel> model,
      VaultOptions options,
      String query,
      VaultMetrics metrics,
      boolean whole,
      int chunk) {
    this.model = model;
    this.options = options;
    this.query = query;
    this.metrics = metrics;
    this.whole = whole;
    this.chunk = chunk;
  }

  /**
   * Reads the positions the vault holds for the query now, before its first micro-batch, so that
   * one lost before that micro-batch is noticed too; returns this writer.
   */
  BatchWriter watchedFromNow() {
    watch = new StoredPositionsWatch(query);
    watch.loaded(stored(Loaders.get(model.value(), options), options, query, "at the start"));
    return this;
  }

  /** Makes each micro-batch wait its turn after those of the queries it references; this writer. */
  BatchWriter pacedBy(PacedQuery query) {
    paced = query;
    return this;
  }

  @Override
  public void call(Dataset<Row> batch, Long batchId) throws InterruptedException {
    Broadcast<VaultModel> m = model;
    VaultOptions o = options;
    String q = query;
    VaultMetrics metricsRef = metrics;
    long id = batchId;
    int c = whole ? chunk : Integer.MAX_VALUE;
    String queryId = batch.sparkSession().sparkContext().getLocalProperty(QUERY_ID);
    String ledger = LEDGER + "/" + (queryId == null ? q : queryId);
    VaultLoader driver = Loaders.get(m.value(), o);
    if (watch == null) {
      watch = new StoredPositionsWatch(q);
    }
    // Neither read is skipped when it fails: a check skipped, or a baseline kept from before,
    // would let a failover that lost this query's batches go unnoticed for good. The check comes
    // right before the write, after any wait for the queries this one references.
    Runnable write =
        () -> {
          watch.check(stored(driver, o, q, "before batch " + id)); // throws: the vault went back
          new PartitionLoad(m, o, q, ledger, metricsRef, id, c).runOn(KafkaRows.of(batch, whole));
        };
    if (paced == null) {
      write.run();
    } else {
      paced.run(id, batch.sparkSession().sparkContext().hadoopConfiguration(), write);
    }
    watch.loaded(stored(driver, o, q, "after batch " + id));
  }

  /**
   * The query's positions stored in the vault, read on the driver; what can pass is waited out as
   * the writes wait it out, what cannot stops the query.
   */
  private static List<Progress.Position> stored(
      VaultLoader driver, VaultOptions o, String query, String when) {
    String what = "Reading the positions stored for " + query + " " + when;
    try {
      return Retries.call(what, o.maxRetries(), o.retryBackoffMs(), () -> driver.progress(query));
    } catch (SQLException e) {
      throw new IllegalStateException(
          what
              + " failed; "
              + Failures.explain(e)
              + ". Without them the query cannot tell whether the database lost batches it had"
              + " acknowledged: if it failed over or was restored, start the job again on a new"
              + " --checkpoint",
          e);
    }
  }

  /** Loads a partition given as {@link Row}s of key, value, topic, partition, offset, timestamp. */
  static void writePartition(
      VaultModel model,
      VaultOptions options,
      String query,
      String ledger,
      VaultMetrics metrics,
      long batchId,
      int chunk,
      Iterator<Row> rows)
      throws SQLException {
    write(
        model, options, query, ledger, metrics, batchId, chunk, d -> rows.forEachRemaining(d::add));
  }

  /**
   * Loads a partition given as Spark's internal rows of the same columns, as the JDBC queries read
   * them ({@link KafkaRows}).
   */
  static void writeInternalPartition(
      VaultModel model,
      VaultOptions options,
      String query,
      String ledger,
      VaultMetrics metrics,
      long batchId,
      int chunk,
      Iterator<InternalRow> rows)
      throws SQLException {
    write(
        model, options, query, ledger, metrics, batchId, chunk, d -> rows.forEachRemaining(d::add));
  }

  /** Loads a partition whose records {@code fill} adds, unless the ledger holds it already. */
  private static void write(
      VaultModel model,
      VaultOptions options,
      String query,
      String ledger,
      VaultMetrics metrics,
      long batchId,
      int chunk,
      Consumer<DecodedRows> fill)
      throws SQLException {
    int part = TaskContext.getPartitionId();
    VaultLoader loader = Loaders.get(model, options);
    if (inLedger(loader, query, ledger, part, batchId)) {
      LOG.info(
          "Partition {} of batch {} of {} is already in the vault; skipped", part, batchId, query);
      return;
    }
    // A micro-batch that may load in several transactions keeps its records undecoded until the
    // chunks take them, in source order, so its first chunk loads before its last record is
    // decoded.
    DecodedRows decoded =
        chunk < Integer.MAX_VALUE && PipelinePool.suffices(options.poolMaxSize())
            ? DecodedRows.deferred(loader.decoder(), options)
            : new DecodedRows(loader.decoder(), options);
    fill.accept(decoded);
    List<Progress.Position> positions = new ArrayList<>(decoded.positions());
    positions.add(new Progress.Position(ledger, part, batchId + 1));
    Progress progress = new Progress(query, positions);
    String what = "Loading batch " + batchId + " partition " + part + " of " + query;
    long rowsWritten = loadWithRetries(what, loader, metrics, decoded, progress, chunk, options);
    LOG.info(
        "Batch {} partition {} of {}: {} records, {} vault rows",
        batchId,
        part,
        query,
        decoded.count,
        rowsWritten);
  }

  /**
   * Loads the partition's events; what can pass (a lost connection, a deadlock, ...) is waited out
   * here, what cannot fails the batch at once, saying what to change.
   */
  private static long loadWithRetries(
      String what,
      VaultLoader loader,
      VaultMetrics metrics,
      DecodedRows decoded,
      Progress progress,
      int chunk,
      VaultOptions options)
      throws SQLException {
    try {
      return Retries.call(
          what,
          options.maxRetries(),
          options.retryBackoffMs(),
          () -> {
            try {
              return load(loader, metrics, decoded, progress, chunk);
            } catch (SchemaRegistryException e) {
              // Decoding waited out the registry already (within the retries): not again here.
              throw new RegistryFailure(e);
            }
          });
    } catch (RegistryFailure e) {
      throw e.failure;
    } catch (SQLException | RuntimeException e) {
      if (!Failures.retriable(e)) {
        throw new IllegalStateException(what + " failed; " + Failures.explain(e), e);
      }
      throw e;
    }
  }

  /**
   * The schema registry's failure while a deferred micro-batch was decoded, carried past the load's
   * retries (it names no cause, so it is not retried) and thrown as it is, as when the records are
   * decoded before the load.
   */
  private static final class RegistryFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final SchemaRegistryException failure;

    RegistryFailure(SchemaRegistryException failure) {
      super(null, null, false, false);
      this.failure = failure;
    }
  }

  /** Whether the ledger holds this partition of the batch (a batch re-run after a restart). */
  private static boolean inLedger(
      VaultLoader loader, String query, String ledger, int part, long batchId) throws SQLException {
    for (Progress.Position p : loader.progress(query)) {
      if (p.topic().equals(ledger) && p.partition() == part && p.nextOffset() > batchId) {
        return true;
      }
    }
    return false;
  }

  private static long load(
      VaultLoader loader, VaultMetrics metrics, DecodedRows decoded, Progress progress, int chunk)
      throws SQLException {
    if (decoded.deferring() && decoded.count > chunk) {
      return loadInChunks(loader, metrics, decoded.merged(), decoded.bad, progress, chunk);
    }
    LoadResult result = loader.load(decoded.events(), decoded.bad, progress);
    metrics.add(result);
    return result.totalRows();
  }

  /**
   * Loads a large micro-batch as several transactions in source order, each planned while the one
   * before is written, and each decoded while the one before is written. Only the last stores the
   * Kafka positions, the bad records and the ledger entry: a re-run after a failure loads the batch
   * again from its start, and the chunks that had committed load idempotently (their rows are in
   * the vault already).
   */
  private static long loadInChunks(
      VaultLoader loader,
      VaultMetrics metrics,
      MergedRuns events,
      List<BadRecord> bad,
      Progress progress,
      int chunk)
      throws SQLException {
    long[] rows = {0};
    try (LoadPipeline<Integer> pipeline =
        loader.pipeline(
            (n, result) -> {
              metrics.add(result);
              rows[0] += result.totalRows();
            })) {
      int from = 0;
      boolean last;
      do {
        List<ChangeEvent> part = new ArrayList<>(chunk);
        int to = from;
        while (to - from < chunk && events.has(to)) {
          part.add(events.get(to++));
        }
        // Every record is decoded once the merge has no event left: the bad records are known.
        last = !events.has(to);
        pipeline.submit(
            part,
            last ? bad : List.of(),
            last ? progress : new Progress(progress.consumer(), List.of()),
            from);
        from = to;
      } while (!last);
      pipeline.drain();
    }
    return rows[0];
  }
}
