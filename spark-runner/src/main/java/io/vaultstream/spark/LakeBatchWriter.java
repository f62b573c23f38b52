package io.vaultstream.spark;

import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.Progress;
import io.vaultstream.model.VaultModel;
import io.vaultstream.spark.lake.LakeLocation;
import io.vaultstream.spark.lake.LakeVault;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The foreachBatch function of the lakehouse targets (Delta, Iceberg): the micro-batch (bounded by
 * {@code maxOffsetsPerTrigger}) is collected to the driver, decoded, planned and written there, and
 * committed table by table under the batch's number, so a batch run again after a restart from the
 * checkpoint leaves every table as one run does. One query writes the vault (one writer).
 */
final class LakeBatchWriter implements VoidFunction2<Dataset<Row>, Long> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(LakeBatchWriter.class);

  /** The local property in which Spark names the streaming query a micro-batch belongs to. */
  private static final String QUERY_ID = "sql.streaming.queryId";

  private final transient VaultModel model;
  private final transient VaultOptions options;
  private final transient LakeLocation at;
  private final String query;
  private final transient VaultMetrics metrics;
  private transient LakeVault vault;
  private transient StoredPositionsWatch watch;

  LakeBatchWriter(
      VaultModel model, VaultOptions options, LakeLocation at, String query, VaultMetrics metrics) {
    this(model, options, at, query, metrics, null);
  }

  /**
   * @param atStart the query's positions the vault held when the job started (null: unknown), so
   *     that a restore before the first micro-batch is noticed too
   */
  LakeBatchWriter(
      VaultModel model,
      VaultOptions options,
      LakeLocation at,
      String query,
      VaultMetrics metrics,
      List<Progress.Position> atStart) {
    this.model = model;
    this.options = options;
    this.at = at;
    this.query = query;
    this.metrics = metrics;
    this.watch = new StoredPositionsWatch(query, StoredPositionsWatch.LAKEHOUSE_RESTART);
    if (atStart != null) {
      watch.loaded(atStart);
    }
  }

  @Override
  public void call(Dataset<Row> batch, Long batchId) throws SQLException {
    SparkSession spark = batch.sparkSession();
    if (vault == null) {
      String queryId = spark.sparkContext().getLocalProperty(QUERY_ID);
      vault = new LakeVault(spark, model, options, at, queryId == null ? query : queryId);
    }
    List<Row> rows =
        batch.select("key", "value", "topic", "partition", "offset", "timestamp").collectAsList();
    if (rows.isEmpty()) {
      return; // nothing read: no batch to record (the sweep runs within the next one when due)
    }
    if (watch == null) {
      watch = new StoredPositionsWatch(query, StoredPositionsWatch.LAKEHOUSE_RESTART);
    }
    // Tables restored to an earlier version while the job runs, positions included: the query
    // stops instead of loading on top of them past the records they lost.
    List<Progress.Position> before = positions(LakeVault.storedPositions(spark, model, at, query));
    watch.check(before); // throws when the vault went back
    DecodedRows decoded = new DecodedRows(vault.decoder(), options);
    rows.forEach(decoded::add);
    Progress progress = new Progress(query, new ArrayList<>(decoded.positions()));
    LoadResult r = vault.load(batchId, decoded.events(), decoded.bad, progress);
    watch.loaded(
        before, progress.positions()); // the progress table's rows, as the batch wrote them
    if (metrics != null) {
      metrics.add(r);
    }
    LOG.info(
        "Batch {} of {}: {} records, {} vault rows; changes per table: {}",
        batchId,
        query,
        decoded.count,
        r.totalRows(),
        vault.committed());
  }

  /** Positions read from a vault's progress table ({@link LakeVault#storedPositions}). */
  static List<Progress.Position> positions(
      java.util.Map<org.apache.kafka.common.TopicPartition, Long> stored) {
    List<Progress.Position> out = new ArrayList<>();
    stored.forEach((tp, next) -> out.add(new Progress.Position(tp.topic(), tp.partition(), next)));
    return out;
  }
}
